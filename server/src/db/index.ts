/**
 * The database: SQLite (better-sqlite3) by default, PostgreSQL when the URL says so; the same
 * Kysely queries and migrations run on both.
 */
import Sqlite from 'better-sqlite3';
import { mkdirSync } from 'fs';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import { dirname } from 'path';
import { Pool } from 'pg';
import { migrations } from './migrations';
import type { Database } from './types';

export type Db = Kysely<Database>;

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

export function createDb(databaseUrl: string): Db {
  if (isPostgresUrl(databaseUrl)) {
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    // an idle connection the server closes (a restart, a failover) must not take the process down;
    // the pool opens a new one for the next query
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = databaseUrl.replace(/^sqlite:/, '');
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Sqlite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

/** Brings the schema up to date; throws with the failing migration's error. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
