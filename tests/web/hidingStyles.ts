import { compile, DECLARATION, serialize, stringify, type Middleware } from 'stylis';

/** The computed values that decide whether an element is shown: all that Testing Library and jest-dom read. */
const HIDING = new Set(['display', 'visibility', 'opacity']);

const hidingOnly: Middleware = (element, index, children, callback) =>
  element.type === DECLARATION && !HIDING.has(String(element.props)) ? '' : stringify(element, index, children, callback);

/** A style sheet's rules, in their order, with only the declarations that hide or show (a rule left empty goes). */
export function hidingRulesOnly(css: string): string {
  return serialize(compile(css), hidingOnly);
}
