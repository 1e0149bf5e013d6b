import { Type } from '@sinclair/typebox';
import { MIN_MATCH_FLOOR } from '../review';
import { Ok, Page } from '../shared/schemas';

/** A review system as the back office sees it: what it costs, what it takes, whether it is offered. */
export const AdminSystem = Type.Object(
  { id: Type.String(), name: Type.String(), pricePerThousandFen: Type.Integer(), minMatch: Type.Integer(), maxChars: Type.Integer(), enabled: Type.Boolean() },
  { additionalProperties: false },
);

/** A template as the back office sees it. */
export const AdminTemplate = Type.Object(
  { id: Type.String(), name: Type.String(), degree: Type.String(), discipline: Type.String(), priceFen: Type.Integer(), enabled: Type.Boolean() },
  { additionalProperties: false },
);

export const AdminSystemListReply = Ok(Page(AdminSystem));
export const AdminSystemReply = Ok(AdminSystem);
export const AdminTemplateListReply = Ok(Page(AdminTemplate));
export const AdminTemplateReply = Ok(AdminTemplate);

/** A system's settings, all of them at once (the form shows them all). */
export const SystemBody = Type.Object({
  pricePerThousandFen: Type.Integer({ minimum: 1, maximum: 100_000, errorMessage: '每千字价格须为 1 分到 1000 元之间的整数（分）' }),
  minMatch: Type.Integer({ minimum: MIN_MATCH_FLOOR, maximum: 200, errorMessage: `起报字数须为 ${MIN_MATCH_FLOOR} 到 200 之间的整数` }),
  maxChars: Type.Integer({ minimum: 1000, maximum: 2_000_000, errorMessage: '字数上限须为 1000 到 200 万之间的整数' }),
  enabled: Type.Boolean({ errorMessage: '请选择是否上架' }),
});

export const TemplateBody = Type.Object({
  priceFen: Type.Integer({ minimum: 1, maximum: 1_000_000, errorMessage: '价格须为 1 分到 1 万元之间的整数（分）' }),
  enabled: Type.Boolean({ errorMessage: '请选择是否上架' }),
});

export const SystemParams = Type.Object({ systemId: Type.String({ minLength: 1, maxLength: 32 }) });
export const TemplateParams = Type.Object({ templateId: Type.String({ minLength: 1, maxLength: 40 }) });
