import { act, renderHook, waitFor } from '@testing-library/react';
import { POLL_INTERVAL_MS, useResult } from '@/hooks/useResult';

const answer = <T,>(result: T) => Promise.resolve({ result });

test('loads, and keeps the last good result through a failure, which it reports', async () => {
  let fail = false;
  const call = jest.fn(() => (fail ? Promise.reject(new Error('down')) : answer({ n: 1 })));
  const { result } = renderHook(() => useResult(call, []));
  expect(result.current.loading).toBe(true);
  await waitFor(() => expect(result.current.data).toEqual({ n: 1 }));
  expect(result.current.error).toBeUndefined();
  fail = true;
  await act(() => result.current.reload());
  await waitFor(() => expect(result.current.error?.message).toBe('down'));
  expect(result.current.data).toEqual({ n: 1 });
});

test('polls while the answer says it is at work, and stops when it is done', async () => {
  let left = 2;
  const call = jest.fn(() => answer({ running: left-- > 0 }));
  const { result } = renderHook(() => useResult(call, [], { pollWhile: (d) => d.running }));
  await waitFor(() => expect(result.current.data).toEqual({ running: false }), { timeout: POLL_INTERVAL_MS * 4 });
  const calls = call.mock.calls.length;
  expect(calls).toBe(3);
  await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS * 1.5));
  expect(call.mock.calls.length).toBe(calls);
});

test('asks again when its deps change', async () => {
  const call = jest.fn((id: string) => answer(id));
  const { result, rerender } = renderHook(({ id }) => useResult(() => call(id), [id]), { initialProps: { id: 'a' } });
  await waitFor(() => expect(result.current.data).toBe('a'));
  rerender({ id: 'b' });
  await waitFor(() => expect(result.current.data).toBe('b'));
});
