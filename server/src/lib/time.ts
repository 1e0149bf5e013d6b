/** Times are ISO 8601 UTC strings everywhere (API and database). */
export const nowIso = () => new Date().toISOString();
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A day in milliseconds: the daily allowances' window, retention periods. */
export const DAY_MS = 24 * 3600_000;
