import { Type } from '@sinclair/typebox';
import { Ok } from '../shared/schemas';

export const PayBody = Type.Object({
  channel: Type.Union([Type.Literal('alipay'), Type.Literal('wechat')], { errorMessage: '请选择支付方式' }),
});
export const GatewayInfo = Type.Object({ gateway: Type.String(), sandbox: Type.Boolean() });
export const GatewayReply = Ok(GatewayInfo);
export const PayReply = Ok(Type.Object({ payUrl: Type.String(), gateway: Type.String(), sandbox: Type.Boolean() }));
