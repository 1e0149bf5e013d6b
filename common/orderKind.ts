/**
 * What an order buys: a plagiarism check (查重, a review) or a typesetting. The server's orders,
 * the database's rows and the app's order pages name them with these words only.
 */
export const ORDER_KINDS = ['review', 'typeset'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const isOrderKind = (kind: string): kind is OrderKind => (ORDER_KINDS as readonly string[]).includes(kind);

/** The payment channels by the names the payment pages show (the app's and the sandbox gateway's). */
export const CHANNEL_NAMES = { alipay: '支付宝', wechat: '微信支付' } as const;
