import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'util';
import { MessagePort } from 'worker_threads';

// jsdom lacks the encoding API every browser has (the QR code encoder uses it), and MessagePort
// (the payment module, which the mock's back office takes through its index, loads undici).
// Not Node's MessageChannel: React's scheduler would take it, and its ports keep a run of one test
// file from ever exiting (jest waited after the last test, "Jest did not exit").
Object.assign(globalThis, { TextEncoder, TextDecoder, MessagePort });

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

// antd writes its styles into <style> tags as components mount (CSS-in-JS): 1,586 rules on the order
// list. jsdom's getComputedStyle matches every rule against the element and again against each
// ancestor (to inherit `visibility`), 0.9 s a call there, and Testing Library's role queries call it
// for every element and its ancestors: most of a page test's time went there. jsdom lays nothing
// out, so the tests keep only the declarations that show or hide an element, in their order (231
// rules, 11 ms a call): what is hidden stays hidden.
jest.mock('rc-util/lib/Dom/dynamicCSS', () => {
  const actual = jest.requireActual('rc-util/lib/Dom/dynamicCSS');
  const { hidingRulesOnly } = jest.requireActual('./hidingStyles');
  return { ...actual, updateCSS: (css: string, key: string, option?: object) => actual.updateCSS(hidingRulesOnly(css), key, option) };
});
