/** The two waits a user watches count down each second to the end, then stop: a payment's time left, and the wait before another e-mail code. */
import { act, renderHook } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { CODE_RESEND_SECONDS } from '../../common/fieldRules';
import { useResendWait } from '@/features/account/CodeField/resendWait';
import { useCountdown } from '@/features/order/usePayment';

beforeEach(() => jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') }));
afterEach(() => {
  jest.useRealTimers();
  sessionStorage.clear();
});

const seconds = (n: number) => act(() => jest.advanceTimersByTime(n * 1000));

test("a payment's time left is shown in minutes and seconds, ticking down to 0 分 00 秒 and no further", async () => {
  const { result } = renderHook(() => useCountdown('2026-11-27T10:01:30Z'));
  expect(result.current.text).toBe('1 分 30 秒');
  await seconds(1);
  expect(result.current.text).toBe('1 分 29 秒');
  await seconds(29);
  expect(result.current.text).toBe('1 分 00 秒');
  await seconds(90);
  expect(result.current).toEqual({ left: 0, text: '0 分 00 秒' });
  expect(jest.getTimerCount()).toBe(0);
});

test('a new end is counted from the moment it comes, never from the last tick, not even for one frame', async () => {
  const shown: string[] = [];
  const { rerender } = renderHook(
    ({ iso }) => {
      const countdown = useCountdown(iso);
      // what is painted: a render React throws away (and does again at once) never is
      useLayoutEffect(() => {
        shown.push(countdown.text);
      });
      return countdown;
    },
    { initialProps: { iso: '2026-11-27T10:01:30Z' } },
  );
  await seconds(200);
  shown.length = 0;
  // 3 分 20 秒 after the first order expired, another comes with 30 秒 left
  rerender({ iso: '2026-11-27T10:03:50Z' });
  expect(shown).toEqual(expect.arrayContaining(['0 分 30 秒']));
  expect(shown.every((text) => text === '0 分 30 秒')).toBe(true);
});

test('an end that is no time at all shows 0, without rendering over and over', () => {
  const { result } = renderHook(() => useCountdown('not a time'));
  expect(result.current.left).toBe(0);
});

test('the wait before another code counts down from the server limit once a code is sent, then lets the user ask again', async () => {
  const { result } = renderHook(() => useResendWait('register', 'wait@example.edu.cn'));
  expect(result.current.left).toBe(0);
  act(() => result.current.start());
  expect(result.current.left).toBe(CODE_RESEND_SECONDS);
  await seconds(1);
  expect(result.current.left).toBe(CODE_RESEND_SECONDS - 1);
  await seconds(CODE_RESEND_SECONDS - 1);
  expect(result.current.left).toBe(0);
  expect(jest.getTimerCount()).toBe(0);
});

test('the wait goes on where it was for the same address on a page opened again, and another address has none', async () => {
  const first = renderHook(() => useResendWait('reset', 'again@example.edu.cn'));
  act(() => first.result.current.start());
  await seconds(20);
  first.unmount();
  const again = renderHook(() => useResendWait('reset', 'again@example.edu.cn'));
  expect(again.result.current.left).toBe(CODE_RESEND_SECONDS - 20);
  await seconds(1);
  expect(again.result.current.left).toBe(CODE_RESEND_SECONDS - 21);
  expect(renderHook(() => useResendWait('reset', 'other@example.edu.cn')).result.current.left).toBe(0);
});
