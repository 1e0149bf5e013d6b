/** Money is integer fen from the server; people read ¥12.50. */
export const formatFen = (fen: number) => `¥${(fen / 100).toFixed(2)}`;
