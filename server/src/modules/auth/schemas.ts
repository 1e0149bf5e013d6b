import { Type } from '@sinclair/typebox';
import { FIELD_RULES } from '../../../../common/fieldRules';
import { Code, Email, ErrorBody, Message, Nickname, Ok, Password, User } from '../shared/schemas';

/** The login form object; other fields the form may carry pass through and are ignored. */
export const LoginBody = Type.Object({
  email: Type.String({ minLength: 1, maxLength: 254, errorMessage: '请输入邮箱' }),
  password: Type.String({ minLength: 1, maxLength: 128, errorMessage: '请输入密码' }),
});

/** success + message are what the app reads (docs/spec.md §7); a refusal is the error envelope. */
export const LoginReply = Type.Union([Ok(User), ErrorBody]);

export const SendCodeBody = Type.Object({
  email: Email,
  purpose: Type.Union([Type.Literal('register'), Type.Literal('reset')], { errorMessage: '用途只能是注册或重置密码' }),
});

export const RegisterBody = Type.Object({
  email: Email,
  code: Code,
  password: Password,
  nickname: Nickname,
  agreement: Type.Literal(true, { errorMessage: FIELD_RULES.agreement.message }),
});

export const ResetPasswordBody = Type.Object({ email: Email, code: Code, password: Password });

export { Message, User };
