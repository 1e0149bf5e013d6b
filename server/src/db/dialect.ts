import { PostgresAdapter, type Kysely } from 'kysely';

/** The few places SQLite and PostgreSQL need different SQL ask this. */
export const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;
