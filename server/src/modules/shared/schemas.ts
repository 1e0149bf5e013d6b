/**
 * Response and field schemas shared by the modules. The same schemas validate the mock server's
 * answers in the tests, so QA never tests against a fiction.
 */
import { Type, type TSchema } from '@sinclair/typebox';

/** `{ success: true, result }` */
export const Ok = <T extends TSchema>(result: T) =>
  Type.Object({ success: Type.Literal(true), result, message: Type.Optional(Type.String()) });

export const ErrorBody = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  errorCode: Type.String(),
  showType: Type.Integer(),
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

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
    createdAt: Type.String(),
  },
  { additionalProperties: false },
);

/** Field rules, with the Chinese message the forms show beside the field (ajv-errors). */
export const Email = Type.String({ format: 'email', maxLength: 254, errorMessage: '请输入正确的邮箱地址' });
export const Password = Type.String({
  minLength: 8,
  maxLength: 64,
  pattern: '^(?=.*[A-Za-z])(?=.*[0-9]).*$',
  errorMessage: '密码至少 8 位，需同时包含字母和数字',
});
export const Nickname = Type.String({ minLength: 2, maxLength: 20, pattern: '\\S', errorMessage: '昵称需为 2–20 个字符' });
export const Code = Type.String({ pattern: '^[0-9]{6}$', errorMessage: '验证码是 6 位数字' });

/** What a missing field is called in "请填写…" messages. */
export const FIELD_LABELS: Record<string, string> = {
  email: '邮箱',
  password: '密码',
  nickname: '昵称',
  code: '验证码',
  agreement: '用户协议',
  oldPassword: '原密码',
  newPassword: '新密码',
  purpose: '用途',
};

/** The message for a missing field, where "请填写…" would read wrong. */
export const REQUIRED_MESSAGES: Record<string, string> = {
  agreement: '请阅读并同意用户协议',
  purpose: '请说明验证码的用途',
};

export const Message = Ok(Type.Null());
