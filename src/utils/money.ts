/** Money is integer fen from the server; people read ¥12.50 (one definition, in common/price.ts). */
export { fenOf, formatFen, yuanOf } from '../../common/price';
