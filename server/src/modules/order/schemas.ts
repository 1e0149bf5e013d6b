import { Type } from '@sinclair/typebox';
import { ORDER_KINDS } from '../../../../common/orderKind';
import { CLOSE_REASONS } from '../../../../common/orderState';
import { Ok, OneOf, Page, PageQuery, PriceBreakdown } from '../shared/schemas';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const Order = Type.Object(
  {
    id: Type.String(),
    kind: OneOf(ORDER_KINDS),
    itemId: Type.String(),
    title: Type.String(),
    /** integer fen, computed by the server */
    amountFen: Type.Integer(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('paid'), Type.Literal('closed'), Type.Literal('refunded')]),
    closeReason: Type.Union([OneOf(CLOSE_REASONS), Type.Null()]),
    channel: Nullable(Type.String()),
    createdAt: Type.String(),
    expiresAt: Type.String(),
    paidAt: Nullable(Type.String()),
    closedAt: Nullable(Type.String()),
    refundedAt: Nullable(Type.String()),
    /** what has come back through refunds, integer fen (less than amountFen: a partial refund) */
    refundedFen: Type.Integer(),
    /** a payment reached it after it closed, or paid it a second time: that money is to go back (cleared once it has) */
    refundDue: Type.Boolean(),
    price: Type.Union([PriceBreakdown, Type.Null()]),
  },
  { additionalProperties: false },
);

/** What to buy; never a price: the server computes it. */
export const CreateOrderBody = Type.Object({
  kind: Type.String({ minLength: 1, maxLength: 20, errorMessage: '请选择要购买的服务' }),
  itemId: Type.String({ minLength: 1, maxLength: 64, errorMessage: '请选择要购买的项目' }),
  /** the amount the page showed, in fen: a new order at another price is refused (409 PRICE_CHANGED) */
  quotedFen: Type.Optional(Type.Integer({ minimum: 0, errorMessage: '价格有误，请刷新后重试' })),
});

export const OrderParams = Type.Object({ orderId: Type.String({ minLength: 1, maxLength: 32 }) });
export const OrderReply = Ok(Order);

export const OrderListQuery = Type.Object({ ...PageQuery });
export const OrderListReply = Ok(Page(Order));

// /v1/order/:orderId/pay, answered by the payment service
export const PayBody = Type.Object({
  channel: Type.Union([Type.Literal('alipay'), Type.Literal('wechat')], { errorMessage: '请选择支付方式' }),
});
export const PayReply = Ok(Type.Object({ payUrl: Type.String(), gateway: Type.String(), sandbox: Type.Boolean() }));
