import { sql } from 'kysely';

/**
 * The UTC hour of an ISO time column, as text ("2026-11-25T16"). Times are ISO text on SQLite and
 * PostgreSQL alike (lib/time.ts), so substr is the one grouping both dialects read the same way; the
 * caller folds hours into its days in its own time zone (whole-hour offsets, so nothing is split).
 */
export const hourOf = (column: string) => sql<string>`substr(${sql.ref(column)}, 1, 13)`;

/** A count, or a sum, per hour: PostgreSQL answers counts and sums as text, so they are read as numbers. */
export const hourRows = (rows: Array<{ hour: string; n: number | string | null; sum?: number | string | null }>) =>
  rows.map((row) => ({ hour: row.hour, n: Number(row.n ?? 0), sum: Number(row.sum ?? 0) }));
export type HourRow = ReturnType<typeof hourRows>[number];
