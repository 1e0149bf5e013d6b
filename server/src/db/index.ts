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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and with SQLite preparing costs more than running a small
 * query (a profile of a signed-in request: 13% of its time). The same SQL text gets the same
 * prepared statement back; Kysely runs each to completion at once, so sharing one is safe.
 */
function withStatementCache(sqlite: Sqlite.Database): Sqlite.Database {
  const cache = new Map<string, Sqlite.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, property) {
      if (property !== 'prepare') {
        const value = Reflect.get(target, property);
        // the native methods want the database itself as `this`
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (source: string) => {
        let statement = cache.get(source);
        if (!statement) {
          statement = prepare(source);
          if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
          cache.set(source, statement);
        }
        return statement;
      };
    },
  });
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
