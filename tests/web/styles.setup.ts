/**
 * A setup file of its own: a file with jest.mock in it is compiled by Babel for the hoisting, and
 * Babel refuses the type annotations setup.ts has.
 */
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
