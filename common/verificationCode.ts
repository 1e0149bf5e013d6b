/**
 * A report's verification code, ZN-XXXXX-XXXXX (ten upper-case hex digits after the prefix), and
 * the same code as people type it back: without the dashes, in lower case, with spaces, in
 * full-width letters, or without the ZN. One reading for the server and the mock.
 */
const PREFIX = 'ZN';
const DIGITS = 10;

/** The printed form of ten code digits. */
export function formatVerificationCode(digits: string): string {
  return `${PREFIX}-${digits.slice(0, 5)}-${digits.slice(5, DIGITS)}`;
}

/** The printed form of a typed code; a string that cannot be one comes back trimmed and upper-cased, to find nothing. */
export function normaliseVerificationCode(typed: string): string {
  const bare = typed
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[^0-9A-Z]/g, '');
  const digits = bare.startsWith(PREFIX) ? bare.slice(PREFIX.length) : bare;
  return /^[0-9A-F]{10}$/.test(digits) ? formatVerificationCode(digits) : typed.trim().toUpperCase();
}
