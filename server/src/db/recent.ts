import { sql, type SelectQueryBuilder } from 'kysely';

/** An account's rows made since a time: how many, and when the earliest of them was made (null when none). */
export interface Recent {
  count: number;
  earliest: string | null;
}

/**
 * The rows of `query` made at `since` or later, by their created_at (ISO text in both dialects,
 * lib/time.ts). PostgreSQL answers a count as text, so it is read as a number.
 */
export async function recentRows<DB, TB extends keyof DB>(query: SelectQueryBuilder<DB, TB, object>, since: string): Promise<Recent> {
  // a query of any table: the selection's type is not known to the compiler, so it is named here
  const row = (await query
    .where(sql.ref('created_at'), '>=', since)
    .select([sql`count(*)`.as('n'), sql`min(created_at)`.as('earliest')])
    .executeTakeFirstOrThrow()) as { n: number | string; earliest: string | null };
  return { count: Number(row.n), earliest: row.earliest };
}
