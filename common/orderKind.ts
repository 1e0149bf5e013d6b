/**
 * What an order buys: a plagiarism check (查重, a review) or a typesetting. The server's orders,
 * the database's rows and the app's order pages name them with these words only.
 */
export const ORDER_KINDS = ['review', 'typeset'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const isOrderKind = (kind: string): kind is OrderKind => (ORDER_KINDS as readonly string[]).includes(kind);

/** The payment channels by the names the payment pages show (the app's and the sandbox gateway's). */
export const CHANNEL_NAMES = { alipay: '支付宝', wechat: '微信支付' } as const;

/**
 * The payment gateways (an order's and each payment's `gateway`) by the names staff read: the
 * sandbox plainly so, Alipay by its channel's name. A gateway not named here shows as stored.
 */
export const GATEWAY_NAMES: Record<string, string> = { sandbox: '沙箱支付', alipay: CHANNEL_NAMES.alipay };
export const gatewayName = (gateway: string | null) => (gateway ? (GATEWAY_NAMES[gateway] ?? gateway) : '—');
