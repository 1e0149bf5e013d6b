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

/**
 * The fields a review and a typesetting ask of a paper: the most characters each may have, and what
 * is said when it has too many (or, for the two required ones, none).
 */
export const PAPER_FIELDS = {
  title: { maxLength: 200, message: '请填写论文题目（200 字以内）' },
  author: { maxLength: 60, message: '请填写作者姓名（60 字以内）' },
  school: { maxLength: 80, message: '学校名称请在 80 字以内' },
  major: { maxLength: 80, message: '专业名称请在 80 字以内' },
  studentNumber: { maxLength: 40, message: '学号请在 40 字以内' },
  supervisor: { maxLength: 60, message: '导师姓名请在 60 字以内' },
  date: { maxLength: 40, message: '日期请在 40 字以内' },
  /** pasted text: a longer paper is uploaded as a file */
  text: { maxLength: 600_000, message: '粘贴的内容太长，请改为上传文件' },
} as const;

export type PaperField = keyof typeof PAPER_FIELDS;

export const DEGREES = ['专科', '本科', '硕士', '博士', '其他'] as const;

/** How long a mailed code lives, and how long before another may be asked for. */
export const CODE_TTL_MINUTES = 10;
export const CODE_RESEND_SECONDS = 60;
