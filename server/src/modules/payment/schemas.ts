import { Type } from '@sinclair/typebox';
import { Ok } from '../shared/schemas';

export const GatewayInfo = Type.Object({ gateway: Type.String(), sandbox: Type.Boolean() });
export const GatewayReply = Ok(GatewayInfo);
