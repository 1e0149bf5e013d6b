/**
 * Which new passwords are refused, after NIST SP 800-63B §5.1.1.2 (a blocklist rather than more
 * composition rules): the account's own e-mail, passwords from breach corpora (zxcvbn-ts's list
 * of about 49,000 common passwords, compared case-insensitively) and one character repeated.
 * The length and letters-and-digits rules stay in the schema (common/fieldRules.ts).
 */
import { dictionary } from '@zxcvbn-ts/language-common';
import { invalidField } from '../../lib/errors';

let common: Set<string> | undefined;
const commonPasswords = () => (common ??= new Set(dictionary['passwords-common'].map((word) => word.toLowerCase())));

/** Throws a field error (422) when the password may not be used for this account. */
export function checkNewPassword(password: string, email: string, field = 'password') {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (lower === address || lower === address.split('@')[0]) throw invalidField(field, '密码不能与邮箱相同');
  if (commonPasswords().has(lower) || new Set(lower).size < 4) {
    throw invalidField(field, '这个密码太常见，很容易被猜中，请换一个更难猜的密码');
  }
}
