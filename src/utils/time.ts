import { chinaDay, chinaMinute, chinaTime } from '../../common/time';

/** A moment as a list shows it: 2026-05-01 14:30, in Beijing time like every time the product tells (common/time.ts). */
export const formatTime = (iso: string | null | undefined) => (iso ? chinaMinute(iso) : '—');

/** A moment standing alone (a report's 检测时间), labelled as the report PDF labels it: 2026-05-01 14:30（北京时间）. */
export const formatTimeLabelled = (iso: string | null | undefined) => (iso ? chinaTime(iso) : '—');

/** A day as China's calendar has it: 2026-05-01 (an account made at 23:00 UTC was made the next day in Beijing). */
export const formatDay = (iso: string | null | undefined) => (iso ? chinaDay(iso) : '—');
