/** Times are ISO 8601 UTC strings everywhere (API and database). */
export const nowIso = () => new Date().toISOString();
export const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();
/** A day in milliseconds: the daily allowances' window, retention periods. */
export const DAY_MS = 24 * 3600_000;

/** 45 秒, 3 分钟, 1 小时: a wait in words, rounded up. */
export function waitText(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} 秒`;
  const minutes = Math.ceil(seconds / 60);
  return minutes < 60 ? `${minutes} 分钟` : `${Math.ceil(minutes / 60)} 小时`;
}
