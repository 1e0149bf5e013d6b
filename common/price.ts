/**
 * What a check costs, and how: every started thousand characters is charged as a whole thousand
 * at the system's rate. One definition for the server's price, the mock and the pages that show
 * its breakdown (the form before payment, the order, the payment page).
 */
import { formatCount } from './formatCount';

/** A price and the figures it comes from; money in integer fen. */
export interface PriceBreakdown {
  /** the characters counted (no spaces or punctuation) */
  chars: number;
  perThousandFen: number;
  /** started thousands: 1,001 characters are two, and a paper is at least one */
  thousands: number;
  totalFen: number;
}

/** The thousands charged for a paper: every one started, and at least one. */
export const startedThousands = (chars: number) => Math.max(1, Math.ceil(chars / 1000));

export function priceOf(chars: number, perThousandFen: number): PriceBreakdown {
  const thousands = startedThousands(chars);
  return { chars, perThousandFen, thousands, totalFen: thousands * perThousandFen };
}

/** Amounts are kept in 分; forms ask for 元 (two decimals). */
export const yuanOf = (fen: number) => fen / 100;
export const fenOf = (yuan: number) => Math.round(yuan * 100);

/** Money as people read it: ¥12.50, ¥1,975.00 (grouped as counts are). */
export const formatFen = (fen: number) => {
  const [yuan, cents] = (fen / 100).toFixed(2).split('.');
  return `¥${formatCount(Number(yuan))}.${cents}`;
};

/** The breakdown in one line: 60,480 字 → 61 个千字（不足千字按千字计）× ¥3.00 = ¥183.00 */
export const priceLine = (price: PriceBreakdown) =>
  `${formatCount(price.chars)} 字 → ${price.thousands} 个千字（不足千字按千字计）× ${formatFen(price.perThousandFen)} = ${formatFen(price.totalFen)}`;
