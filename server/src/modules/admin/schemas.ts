import { Type } from '@sinclair/typebox';
import { Order } from '../order';
import { REFUND_EXTENTS } from '../../../../common/orderState';
import { Nullable, Ok, OneOf, Page, PageQuery, User } from '../shared/schemas';

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

/** An order as the back office sees it: the student's view, plus whose it is and how it was paid. */
export const AdminOrder = Type.Object(
  {
    ...Order.properties,
    userId: Type.String(),
    /** null: the account is gone */
    userEmail: Nullable(Type.String()),
    gateway: Nullable(Type.String()),
    /** the gateway's payment reference */
    gatewayTradeNo: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

const DateTime = (message: string) => Type.String({ format: 'date-time', errorMessage: message });

/**
 * The orders' search (ProTable's fields): any of order number, e-mail, status, how much of a refunded
 * order came back (part: 部分退款; full: 已退款 alone), dates, payment reference.
 */
export const AdminOrderQuery = Type.Object({
  ...PageQuery,
  orderId: Type.Optional(Type.String({ maxLength: 32 })),
  email: Type.Optional(Type.String({ maxLength: 254 })),
  status: Type.Optional(Order.properties.status),
  refundExtent: Type.Optional(OneOf(REFUND_EXTENTS, { errorMessage: '退款情况只能是部分退款或全额退款' })),
  refundDue: Type.Optional(Type.Boolean()),
  createdFrom: Type.Optional(DateTime('开始时间格式不正确')),
  createdTo: Type.Optional(DateTime('结束时间格式不正确')),
  tradeNo: Type.Optional(Type.String({ maxLength: 64 })),
});
export const AdminOrderListReply = Ok(Page(AdminOrder));

export const PaymentNotification = Type.Object(
  { gateway: Type.String(), tradeNo: Type.String(), amountFen: Type.Integer(), outcome: Type.String(), createdAt: Type.String() },
  { additionalProperties: false },
);

export const Refund = Type.Object(
  {
    requestNo: Type.String(),
    amountFen: Type.Integer(),
    reason: Type.String(),
    /** pending: sent to the gateway, its answer not known yet (retry with the same requestNo) */
    status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('refused')]),
    operatorId: Type.String(),
    gateway: Type.String(),
    /** the gateway transaction given back */
    tradeNo: Nullable(Type.String()),
    gatewayRefundNo: Nullable(Type.String()),
    /** why the gateway refused it */
    failure: Nullable(Type.String()),
    createdAt: Type.String(),
    completedAt: Nullable(Type.String()),
  },
  { additionalProperties: false },
);

/**
 * A refund: its request number is made by the page when the refund form opens, so sending the
 * same request again (a double click, a retry after a lost answer) is the same refund.
 */
export const RefundBody = Type.Object({
  requestNo: Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$', errorMessage: '退款单号应为 8 到 64 位字母、数字、下划线或连字符' }),
  amountFen: Type.Optional(Type.Integer({ minimum: 1, errorMessage: '退款金额应为正整数（分）' })),
  /** the payment given back, by its trade number; left out: the order's own (a closed order's: its payment kept for refund) */
  tradeNo: Type.Optional(Type.String({ minLength: 1, maxLength: 64, errorMessage: '交易号应为 1 到 64 个字符' })),
  reason: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', errorMessage: '请填写退款原因（最多 200 字）' }),
});

/**
 * A payment of the order that may be given back from its own transaction: `order`, the one that
 * bought the service; `due`, one kept for refund (it reached the order after it closed, or paid it twice).
 */
export const Refundable = Type.Object(
  {
    payment: Type.Union([Type.Literal('order'), Type.Literal('due')]),
    gateway: Type.String(),
    tradeNo: Nullable(Type.String()),
    amountFen: Type.Integer(),
    refundedFen: Type.Integer(),
  },
  { additionalProperties: false },
);

export const AdminOrderDetail = Type.Object(
  { order: AdminOrder, notifications: Type.Array(PaymentNotification), refunds: Type.Array(Refund), refundable: Type.Array(Refundable) },
  { additionalProperties: false },
);
export const AdminOrderReply = Ok(AdminOrderDetail);

/** An account as the back office sees it. */
export const AdminUser = Type.Object(
  {
    id: Type.String(),
    email: Type.String(),
    nickname: Type.String(),
    role: User.properties.role,
    /** null: the account may sign in */
    disabledAt: Nullable(Type.String()),
    createdAt: Type.String(),
  },
  { additionalProperties: false },
);
export const AdminUserQuery = Type.Object({ ...PageQuery, email: Type.Optional(Type.String({ maxLength: 254 })) });
export const AdminUserListReply = Ok(Page(AdminUser));
export const AdminUserReply = Ok(AdminUser);
export const UserParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 32 }) });
export const DisableBody = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S', errorMessage: '请填写停用原因（最多 200 字）' }),
});
