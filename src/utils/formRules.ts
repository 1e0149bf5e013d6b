/** antd form rules built from the rules the API enforces (common/fieldRules.ts). */
import type { Rule } from 'antd/es/form';
import { FIELD_RULES as R, PAPER_FIELDS, type PaperField } from '../../common/fieldRules';

/** An e-mail as typed or pasted, without the spaces a paste brings at either end (a field's `normalize`). */
export const trimmedEmail = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

export const emailRules: Rule[] = [
  { required: true, message: '请输入邮箱' },
  { type: 'email', max: R.email.maxLength, message: R.email.message },
];

const passwordPattern = new RegExp(R.password.pattern);

export const passwordRules: Rule[] = [
  { required: true, message: '请输入密码' },
  // one check for length and letters-and-digits: they share one message, which two rules would show twice
  {
    validator: (_rule, value?: string) =>
      !value || (value.length >= R.password.minLength && value.length <= R.password.maxLength && passwordPattern.test(value))
        ? Promise.resolve()
        : Promise.reject(new Error(R.password.message)),
  },
];

export const nicknameRules: Rule[] = [
  { required: true, message: '请输入昵称' },
  { min: R.nickname.minLength, max: R.nickname.maxLength, whitespace: true, message: R.nickname.message },
];

export const codeRules: Rule[] = [
  { required: true, message: '请输入验证码' },
  { pattern: new RegExp(R.code.pattern), message: R.code.message },
];

export const phoneRules: Rule[] = [{ pattern: new RegExp(R.phone.pattern), message: R.phone.message }];

/** "Confirm password" must repeat the field named. */
export const confirmRules = (field: string): Rule[] => [
  { required: true, message: '请再次输入密码' },
  ({ getFieldValue }) => ({
    validator: (_rule, value) => (!value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error('两次输入的密码不一致'))),
  }),
];

/** A paper's field (common/fieldRules.ts): its limit, and for a required one, that it is filled in. */
export const paperRules = (field: PaperField, required?: string): Rule[] => [
  ...(required ? [{ required: true, whitespace: true, message: required }] : []),
  { max: PAPER_FIELDS[field].maxLength, message: PAPER_FIELDS[field].message },
];

/**
 * An input's count of the limit the server enforces, shown from four-fifths of it on and red past
 * it. Told rather than fixed: an input's maxLength cuts a pasted title short without a word, and
 * the student finds it cut on the order and the report; past the limit, the field's rule says so.
 */
export const paperCount = (field: PaperField) => ({
  max: PAPER_FIELDS[field].maxLength,
  show: ({ count, maxLength = Infinity }: { count: number; maxLength?: number }) => (count >= 0.8 * maxLength ? `${count} / ${maxLength}` : null),
});

/** Whether `value` has at most `decimals` decimals (within floating point's error: 14.9 × 100). */
const hasDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/**
 * What a number field reads (antd's InputNumber `parser`): digits and a point typed full-width
 * (a Chinese input method: １２．５) as half-width, a currency sign, spaces and thousands' commas
 * dropped. Without it, １０ left the field empty and it asked for an amount as if none was typed.
 */
export function parseTypedNumber(typed?: string): number {
  // NFKC makes full-width digits, points, commas and ￥ half-width, as the code fields do (CodeField)
  const number = (typed ?? '')
    .normalize('NFKC')
    .replace(/。/g, '.')
    .replace(/[\s¥,]/g, '');
  // nothing typed is no number (not 0)
  return number ? Number(number) : NaN;
}

/**
 * A required number from `min` to `max` with at most `decimals` decimals, told rather than fixed:
 * an input's own min, max and precision change what was typed without a word (20 becomes the
 * maximum, 1.005 becomes 1.01), so the field keeps what was typed and these rules say what is
 * wrong. `invalid` is told for a number below `min` or with too many decimals, `tooLarge` (else
 * `invalid`) for one above `max`.
 */
export function numberRules({
  missing,
  min,
  max,
  decimals,
  invalid = decimals ? `请输入 ${min} 到 ${max} 之间的数，最多 ${decimals} 位小数` : `请输入 ${min} 到 ${max} 之间的整数`,
  tooLarge = invalid,
}: {
  missing: string;
  min: number;
  max: number;
  decimals: number;
  invalid?: string;
  tooLarge?: string;
}): Rule[] {
  return [
    { required: true, message: missing },
    {
      validator: (_rule, value: number | null | undefined) => {
        if (value === null || value === undefined) return Promise.resolve();
        if (typeof value !== 'number' || !Number.isFinite(value) || value < min || !hasDecimals(value, decimals)) return Promise.reject(new Error(invalid));
        return value > max ? Promise.reject(new Error(tooLarge)) : Promise.resolve();
      },
    },
  ];
}
