/**
 * The rules of the account fields and their messages, shared by the API's schemas and the app's
 * forms so that both say the same thing in the same words.
 */
export const FIELD_RULES = {
  email: { maxLength: 254, message: '请输入正确的邮箱地址' },
  password: { minLength: 8, maxLength: 64, pattern: '^(?=.*[A-Za-z])(?=.*[0-9]).*$', message: '密码至少 8 位，需同时包含字母和数字' },
  nickname: { minLength: 2, maxLength: 20, message: '昵称需为 2–20 个字符' },
  code: { pattern: '^[0-9]{6}$', message: '验证码是 6 位数字' },
  phone: { pattern: '^(1[3-9][0-9]{9})?$', message: '请输入 11 位手机号' },
  agreement: { message: '请阅读并同意用户协议' },
} as const;

export const DEGREES = ['专科', '本科', '硕士', '博士', '其他'] as const;

/** How long a mailed code lives, and how long before another may be asked for. */
export const CODE_TTL_MINUTES = 10;
export const CODE_RESEND_SECONDS = 60;
