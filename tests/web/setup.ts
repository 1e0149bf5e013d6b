import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import * as timers from 'timers';
import { TextDecoder, TextEncoder } from 'util';
import { MessagePort } from 'worker_threads';
import { closeMockApp } from '../../mock/_lib/kit';

// jsdom lacks the encoding API every browser has (the QR code encoder uses it), and MessagePort
// (the payment module, which the mock's back office takes through its index, loads undici). Not
// Node's MessageChannel: React's scheduler would take it over timers, and its open port would keep
// the test file's process alive after its tests.
Object.assign(globalThis, { TextEncoder, TextDecoder, MessagePort });

// The real server behind the mock runs in this environment too, and its Node libraries (the file
// pool's workers) unref their timers and ask AbortSignal for a timeout: jsdom's timers are numbers
// and its AbortSignal has no timeout(), so Node's timers stand in (they work for the pages alike).
// Unreferenced, as jsdom's are: a page's poll or a notice's timer left running when the test file
// ends must not keep its process alive (jest waits for the test itself).
Object.assign(globalThis, {
  setTimeout: (...args: Parameters<typeof timers.setTimeout>) => timers.setTimeout(...args).unref(),
  clearTimeout: timers.clearTimeout,
  setInterval: (...args: Parameters<typeof timers.setInterval>) => timers.setInterval(...args).unref(),
  clearInterval: timers.clearInterval,
});
if (!AbortSignal.timeout) {
  AbortSignal.timeout = (ms: number) => {
    const controller = new AbortController();
    timers.setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms).unref();
    return controller.signal;
  };
}

// the real server behind the mock (built by the first call a test makes) holds timers and workers
// that would keep the test file's process alive after its tests
afterAll(closeMockApp);

// each test is a new browser tab: what a page kept in the tab's session storage does not carry over
afterEach(() => sessionStorage.clear());

// jsdom has no matchMedia; antd's responsive helpers ask for it.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom does not implement scrolling.
window.scrollTo = () => {};

// Whole-app renders in jsdom take a few seconds each, a form page with pro-form over ten on a
// loaded two-core machine; a form's validation can take longer than Testing Library's default
// one-second wait for findBy queries. These are limits on the test machine, not on the product.
jest.setTimeout(60_000);
configure({ asyncUtilTimeout: 5_000 });
