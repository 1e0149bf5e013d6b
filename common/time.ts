/**
 * Times as the product tells them: in Beijing time, whatever the reader's clock says, so the pages,
 * the report PDF and the back office's days agree (a student abroad, or a browser set to UTC, sees
 * the time the report prints). Intl does the zone: no time-zone data rides along in the app.
 */
export const CHINA_TIME_ZONE = 'Asia/Shanghai';

const MINUTE = new Intl.DateTimeFormat('en-GB', {
  timeZone: CHINA_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** A moment in Beijing time, as 2026-05-01 14:30. */
export function chinaMinute(time: string | Date): string {
  const parts = Object.fromEntries(MINUTE.formatToParts(new Date(time)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/** A moment in Beijing time and saying so, as the report PDF prints it: 2026-05-01 14:30（北京时间）. */
export const chinaTime = (time: string | Date) => `${chinaMinute(time)}（北京时间）`;

/** A day (YYYY-MM-DD) of China's calendar as an instant range: its first millisecond to its last (no daylight saving there). */
export function chinaDayWindow(firstDay: string, lastDay: string): { from: string; to: string } {
  const midnight = (day: string) => new Date(`${day}T00:00:00+08:00`).getTime();
  return { from: new Date(midnight(firstDay)).toISOString(), to: new Date(midnight(lastDay) + 86_400_000 - 1).toISOString() };
}
