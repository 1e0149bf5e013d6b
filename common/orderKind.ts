/**
 * What an order buys: a plagiarism check (查重, a review) or a typesetting. The server's orders,
 * the database's rows and the app's order pages name them with these words only.
 */
export const ORDER_KINDS = ['review', 'typeset'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];

export const isOrderKind = (kind: string): kind is OrderKind => (ORDER_KINDS as readonly string[]).includes(kind);
