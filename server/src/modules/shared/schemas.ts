/**
 * Response and field schemas shared by the modules. The same schemas validate the mock server's
 * answers in the tests, so QA never tests against a fiction.
 */
import { Type, type SchemaOptions, type TSchema } from '@sinclair/typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE } from '../../../../common/content';
import { FIELD_RULES as R, PAPER_FIELDS, type PaperField } from '../../../../common/fieldRules';
import { ROLES } from '../../../../common/roles';

/** `{ success: true, result }` */
export const Ok = <T extends TSchema>(result: T) => Type.Object({ success: Type.Literal(true), result, message: Type.Optional(Type.String()) });

/** One of a fixed list of strings (a role, a status, a category). */
export const OneOf = <T extends string>(values: readonly T[], options?: SchemaOptions) =>
  Type.Union(
    values.map((value) => Type.Literal(value)),
    options,
  );

export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  errorCode: Type.String(),
  showType: Type.Integer(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

/** A paper's field (common/fieldRules.ts): required (some text, not only spaces) or optional. */
export const PaperText = (field: PaperField) =>
  Type.String({ minLength: 1, maxLength: PAPER_FIELDS[field].maxLength, pattern: '\\S', errorMessage: PAPER_FIELDS[field].message });
export const OptionalPaperText = (field: PaperField) =>
  Type.Optional(Type.String({ maxLength: PAPER_FIELDS[field].maxLength, errorMessage: PAPER_FIELDS[field].message }));

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** A price per started thousand characters and how it was reached (common/price.ts). */
export const PriceBreakdown = Type.Object(
  { chars: Type.Integer(), perThousandFen: Type.Integer(), thousands: Type.Integer(), totalFen: Type.Integer() },
  { additionalProperties: false },
);

export const User = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    nickname: Type.String(),
    avatar: Nullable(Type.String()),
    realName: Nullable(Type.String()),
    school: Nullable(Type.String()),
    major: Nullable(Type.String()),
    degree: Nullable(Type.String()),
    phone: Nullable(Type.String()),
    /** common/roles.ts: what the app's access rules read */
    role: OneOf(ROLES),
    createdAt: Type.String(),
  },
  { additionalProperties: false },
);

/** Field rules, with the Chinese message the forms show beside the field (ajv-errors). */
export const Email = Type.String({ format: 'email', maxLength: R.email.maxLength, errorMessage: R.email.message });
export const Password = Type.String({
  minLength: R.password.minLength,
  maxLength: R.password.maxLength,
  pattern: R.password.pattern,
  errorMessage: R.password.message,
});
export const Nickname = Type.String({
  minLength: R.nickname.minLength,
  maxLength: R.nickname.maxLength,
  pattern: '\\S',
  errorMessage: R.nickname.message,
});
export const Code = Type.String({ pattern: R.code.pattern, errorMessage: R.code.message });

/** What a missing field is called in "请填写…" messages. */
export const FIELD_LABELS: Record<string, string> = {
  // the request's whole body or query, where it is not an object of fields at all (fieldErrors)
  _: '提交的内容',
  email: '邮箱',
  password: '密码',
  nickname: '昵称',
  code: '验证码',
  agreement: '用户协议',
  oldPassword: '原密码',
  newPassword: '新密码',
  purpose: '用途',
  action: '操作',
  amountFen: '金额',
  articleId: '文章',
  author: '作者',
  body: '正文',
  category: '分类',
  channel: '支付方式',
  createdFrom: '起始时间',
  createdTo: '截止时间',
  current: '页码',
  days: '天数',
  degree: '学位',
  discipline: '学科',
  documentId: '论文',
  enabled: '启用状态',
  family: '任务类型',
  featured: '推荐',
  itemId: '付款项目',
  jobId: '任务',
  kind: '类型',
  major: '专业',
  maxChars: '字数上限',
  minMatch: '最短相同字数',
  name: '名称',
  orderId: '订单',
  page: '页码',
  pageSize: '每页条数',
  phone: '手机号',
  priceFen: '价格',
  pricePerThousandFen: '每千字价格',
  published: '发布状态',
  q: '搜索内容',
  quotedFen: '页面显示的价格',
  realName: '姓名',
  reason: '原因',
  refundDue: '待退款',
  refundExtent: '退款情况',
  requestNo: '退款请求号',
  reviewId: '查重记录',
  school: '学校',
  status: '状态',
  summary: '摘要',
  systemId: '查重系统',
  tags: '标签',
  targetId: '操作对象',
  templateId: '模板',
  text: '论文内容',
  title: '标题',
  to: '收件人',
  token: '支付凭证',
  tradeNo: '交易号',
  type: '类型',
  typesetId: '排版记录',
  uploadId: '上传的文件',
  userId: '用户',
  v: '版本',
  w: '宽度',
};

/** The message for a missing field, where "请填写…" would read wrong. */
export const REQUIRED_MESSAGES: Record<string, string> = {
  agreement: R.agreement.message,
  purpose: '请说明验证码的用途',
  systemId: '请选择查重系统',
  channel: '请选择支付方式',
  templateId: '请选择模板',
};

export const Message = Ok(Type.Null());

/** `?current=&pageSize=` of every paginated list (1-based, at most MAX_PAGE_SIZE a page). */
export const PageQuery = {
  current: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1, errorMessage: `页码应在 1 到 ${MAX_PAGE} 之间` }),
  pageSize: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE, errorMessage: `每页条数应在 1 到 ${MAX_PAGE_SIZE} 之间` }),
};

/** One page of a list: the rows, how many there are in all, and which page this is. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({ list: Type.Array(item), total: Type.Integer(), current: Type.Integer(), pageSize: Type.Integer() });

export { Nullable };
