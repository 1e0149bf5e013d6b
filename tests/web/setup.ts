import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';
import { MessageChannel, MessagePort } from 'worker_threads';

// jsdom lacks the encoding API every browser has (the QR code encoder uses it), and MessagePort
// (the payment module, which the mock's back office takes through its index, loads undici).
Object.assign(globalThis, { TextEncoder, TextDecoder, MessageChannel, MessagePort });

// jsdom's AbortSignal has no timeout(), which the server behind the mock (its file pool) uses.
if (!AbortSignal.timeout) {
  AbortSignal.timeout = (ms: number) => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), ms);
    return controller.signal;
  };
}

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
