/** Attempt counters in the database (docs/decisions.md): no routes, used by the modules' services and routes. */
export { createThrottleRepo } from './repo';
export { createThrottle, POLICIES, TooManyAttempts, type Throttle } from './service';
