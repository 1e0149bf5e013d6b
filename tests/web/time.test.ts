/** Every time the app tells is Beijing time (common/time.ts), as the report PDF and the back office's days are. */
import { formatDay, formatTime, formatTimeLabelled } from '@/utils/time';
import { chinaDayWindow } from '../../common/time';

test('a list’s time is Beijing time, whatever the browser’s clock: past 16:00 UTC is the next day', () => {
  expect(formatTime('2026-11-20T16:30:00.000Z')).toBe('2026-11-21 00:30');
  expect(formatTime(null)).toBe('—');
});

test('a time standing alone says it is Beijing time', () => {
  expect(formatTimeLabelled('2026-11-20T13:19:08.000Z')).toBe('2026-11-20 21:19（北京时间）');
  expect(formatTimeLabelled(null)).toBe('—');
});

test('a day picked in the back office is China’s day, as the table’s times are: 00:00 to 23:59:59.999 Beijing time', () => {
  expect(chinaDayWindow('2026-11-26', '2026-11-27')).toEqual({ from: '2026-11-25T16:00:00.000Z', to: '2026-11-27T15:59:59.999Z' });
});

test('a day (基本信息’s 注册时间) is China’s day too', () => {
  expect(formatDay('2026-11-20T23:00:00.000Z')).toBe('2026-11-21');
});
