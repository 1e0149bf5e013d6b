import { act, renderHook, waitFor } from '@testing-library/react';
import { POLL_INTERVAL_MS, useResult, WAIT_POLL_MS } from '@/hooks/useResult';

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

test('after a failure under other deps, has no data: the answer it kept was to another question', async () => {
  const call = jest.fn((id: string) => (id === 'b' ? Promise.reject(new Error('down')) : answer(id)));
  const { result, rerender } = renderHook(({ id }) => useResult(() => call(id), [id]), { initialProps: { id: 'a' } });
  await waitFor(() => expect(result.current.data).toBe('a'));
  rerender({ id: 'b' });
  await waitFor(() => expect(result.current.error?.message).toBe('down'));
  expect(result.current.data).toBeUndefined();
  rerender({ id: 'a' });
  await waitFor(() => expect(result.current.data).toBe('a'));
  expect(result.current.error).toBeUndefined();
});

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

/** Makes the page hidden or shown, as a browser does when its tab is left or come back to. */
function setShown(shown: boolean) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (shown ? 'visible' : 'hidden') });
  Object.defineProperty(document, 'hidden', { configurable: true, get: () => !shown });
  act(() => {
    // as a browser fires it: at the document, seen by the window too
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

describe('asking again by itself', () => {
  afterEach(() => setShown(true));

  test('while the answer says it waits on something done elsewhere: every WAIT_POLL_MS, slower than work in progress', async () => {
    let paid = false;
    const call = jest.fn(() => answer({ paid }));
    const { result } = renderHook(() => useResult(call, [], { waitWhile: (d) => !d.paid }));
    await waitFor(() => expect(result.current.data).toEqual({ paid: false }));
    await pause(POLL_INTERVAL_MS * 1.5);
    expect(call).toHaveBeenCalledTimes(1);
    paid = true;
    await waitFor(() => expect(result.current.data).toEqual({ paid: true }), { timeout: WAIT_POLL_MS });
    expect(call).toHaveBeenCalledTimes(2);
    await pause(WAIT_POLL_MS * 1.2);
    expect(call).toHaveBeenCalledTimes(2);
  }, 20_000);

  test('work in progress is followed at its own pace even when something also waits', async () => {
    let left = 1;
    const call = jest.fn(() => answer({ running: left-- > 0, waiting: true }));
    const { result } = renderHook(() => useResult(call, [], { pollWhile: (d) => d.running, waitWhile: (d) => d.waiting }));
    await waitFor(() => expect(result.current.data?.running).toBe(false), { timeout: POLL_INTERVAL_MS * 2 });
    expect(call).toHaveBeenCalledTimes(2);
  });

  test('not while the page is hidden: the ask that fell due then is made once it is shown again', async () => {
    const call = jest.fn(() => answer({ running: true }));
    const { result } = renderHook(() => useResult(call, [], { pollWhile: (d) => d.running }));
    await waitFor(() => expect(result.current.data).toEqual({ running: true }));
    setShown(false);
    await pause(POLL_INTERVAL_MS * 2.5);
    expect(call).toHaveBeenCalledTimes(1);
    setShown(true);
    await waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    // and on at its pace from there
    await waitFor(() => expect(call).toHaveBeenCalledTimes(3), { timeout: POLL_INTERVAL_MS * 2 });
  }, 15_000);

  test('shown again with a refresh on show too, it asks once, not twice', async () => {
    const call = jest.fn(() => answer({ paid: false }));
    const { result } = renderHook(() => useResult(call, [], { waitWhile: (d) => !d.paid, refreshOnShow: true }));
    await waitFor(() => expect(result.current.data).toEqual({ paid: false }));
    setShown(false);
    await pause(WAIT_POLL_MS + 500);
    setShown(true);
    await pause(300);
    expect(call).toHaveBeenCalledTimes(2);
  }, 15_000);
});
