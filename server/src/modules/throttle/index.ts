/** Attempt counters in the database (docs/decisions.md): no routes, used by the modules' services and routes. */
export { createThrottleRepo } from './repo';
export { createThrottle, POLICIES, TooManyAttempts, waitText, type Throttle } from './service';
