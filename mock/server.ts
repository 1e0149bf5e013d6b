import { forward } from './_lib/door';
import { withFault } from './_lib/kit';

/**
 * Every /api call the mock's own routes (mock/qa.ts, loaded first: Umi takes mock files in name
 * order and the first match) do not take is answered by the real server, built in memory
 * (_lib/door.ts), unless the QA fault switch is on.
 */
const door = withFault(forward);
export default Object.fromEntries(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => [`${method} /api/(.*)`, door]));
