import { Type } from '@sinclair/typebox';
import { DEGREES, FIELD_RULES } from '../../../../common/fieldRules';
import { Nickname, Ok, Password, User } from '../shared/schemas';

const Optional = (maxLength: number, errorMessage: string) => Type.Union([Type.String({ maxLength, errorMessage }), Type.Null()], { errorMessage });

export const CurrentUserReply = Ok(Type.Union([User, Type.Null()]));

export const BasicInfoBody = Type.Object({
  nickname: Nickname,
  realName: Type.Optional(Optional(40, '姓名最多 40 个字符')),
  school: Type.Optional(Optional(80, '学校名称最多 80 个字符')),
  major: Type.Optional(Optional(80, '专业名称最多 80 个字符')),
  degree: Type.Optional(Type.Union([...DEGREES.map((degree) => Type.Literal(degree)), Type.Null()], { errorMessage: '请选择学历' })),
  phone: Type.Optional(Type.Union([Type.String({ pattern: FIELD_RULES.phone.pattern }), Type.Null()], { errorMessage: FIELD_RULES.phone.message })),
});

export const ModifyPasswordBody = Type.Object({
  oldPassword: Type.String({ minLength: 1, maxLength: 128, errorMessage: '请输入原密码' }),
  newPassword: Password,
});

export const UserReply = Ok(User);
