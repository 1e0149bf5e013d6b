/**
 * Substring search for Chinese and English alike, on both databases: SQLite answers from its FTS5
 * trigram index, PostgreSQL from pg_trgm indexes (migration 0003). Both find a word anywhere in a
 * text, case-insensitively, and rank by where it was found (a hit in a title counts most).
 */
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres } from './dialect';

export interface SearchableTable {
  table: 'articles' | 'documents';
  /** the indexed columns in migration order, each with its weight in the ranking */
  columns: { name: string; weight: number }[];
}

/** `%word%` with LIKE's own wildcards taken literally (with `ESCAPE '\\'`): a part of a text, as typed */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function contains(db: Kysely<any>, column: RawBuilder<unknown>, term: string): RawBuilder<SqlBool> {
  const operator = sql.raw(isPostgres(db) ? 'ILIKE' : 'LIKE');
  return sql<SqlBool>`${column} ${operator} ${containsPattern(term)} ESCAPE '\\'`;
}

/** Rows whose indexed text contains every term. */
export function matchesAll(db: Kysely<any>, spec: SearchableTable, terms: string[]): Expression<SqlBool> {
  if (isPostgres(db)) {
    // the same expression as the trigram index, so that the index serves the query
    const text = sql.raw(spec.columns.map((c) => c.name).join(` || ' ' || `));
    return sql<SqlBool>`(${sql.join(
      terms.map((t) => contains(db, sql`(${text})`, t)),
      sql` AND `,
    )})`;
  }
  // a trigram index finds words of three or more characters; shorter ones are scanned for
  const indexed = terms.filter((t) => [...t].length >= 3);
  const scanned = terms.filter((t) => [...t].length < 3);
  const parts: RawBuilder<SqlBool>[] = [];
  if (indexed.length) {
    const match = indexed.map((t) => `"${t.replace(/"/g, '""')}"`).join(' AND ');
    parts.push(sql<SqlBool>`seq IN (SELECT rowid FROM ${sql.table(`${spec.table}_fts`)} WHERE ${sql.table(`${spec.table}_fts`)} MATCH ${match})`);
  }
  for (const term of scanned) {
    parts.push(
      sql<SqlBool>`(${sql.join(
        spec.columns.map((c) => contains(db, sql.ref(c.name), term)),
        sql` OR `,
      )})`,
    );
  }
  return sql<SqlBool>`(${sql.join(parts, sql` AND `)})`;
}

/** A score: for every term, the weights of the columns it occurs in. */
export function relevance(db: Kysely<any>, spec: SearchableTable, terms: string[]): RawBuilder<number> {
  const cases = terms.flatMap((t) => spec.columns.map((c) => sql`CASE WHEN ${contains(db, sql.ref(c.name), t)} THEN ${sql.lit(c.weight)} ELSE 0 END`));
  return sql<number>`(${sql.join(cases, sql` + `)})`;
}
