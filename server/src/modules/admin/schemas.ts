import { Type } from '@sinclair/typebox';
import { Nullable, Ok, Page, PageQuery } from '../shared/schemas';

/** Any JSON value (an audit entry's record before or after). */
const Json = Type.Unknown();

export const AuditEntry = Type.Object(
  {
    id: Type.Integer(),
    /** null: made on the command line */
    actorId: Nullable(Type.String()),
    actorEmail: Type.String(),
    action: Type.String(),
    targetType: Type.String(),
    targetId: Type.String(),
    before: Json,
    after: Json,
    createdAt: Type.String(),
  },
  { additionalProperties: false },
);

export const AuditListQuery = Type.Object({
  ...PageQuery,
  action: Type.Optional(Type.String({ maxLength: 40 })),
  targetId: Type.Optional(Type.String({ maxLength: 64 })),
});
export const AuditListReply = Ok(Page(AuditEntry));
