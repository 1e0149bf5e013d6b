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

/** The day of China's calendar a moment falls on, as 2026-05-01. */
export const chinaDay = (time: string | Date) => chinaMinute(time).slice(0, 10);

/** The first instant of a day (YYYY-MM-DD) of China's calendar (no daylight saving there: every day is 24 hours). */
export const chinaMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);

/** Days (YYYY-MM-DD) of China's calendar as an instant range: the first day's first millisecond to the last day's last. */
export function chinaDayWindow(firstDay: string, lastDay: string): { from: string; to: string } {
  return { from: chinaMidnight(firstDay).toISOString(), to: new Date(chinaMidnight(lastDay).getTime() + 86_400_000 - 1).toISOString() };
}
