/**
 * The database: SQLite (better-sqlite3) by default, PostgreSQL when the URL says so; the same
 * Kysely queries and migrations run on both.
 */
import Sqlite from 'better-sqlite3';
import { createHash } from 'crypto';
import { mkdirSync } from 'fs';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Compilable, type CompiledQuery } from 'kysely';
import { dirname } from 'path';
import { Client, Pool, type QueryConfig, type QueryResult } from 'pg';
import { migrations } from './migrations';
import type { Database } from './types';

export type Db = Kysely<Database>;

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

export function createDb(databaseUrl: string): Db {
  if (isPostgresUrl(databaseUrl)) {
    const pool = new Pool({ connectionString: databaseUrl, max: 10, Client: NamingClient });
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
  const cachedPrepare = (source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  };
  // the native methods want the database itself as `this`; bound once, not on every access
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return cachedPrepare;
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      let method = bound.get(property);
      if (!method) bound.set(property, (method = value.bind(target)));
      return method;
    },
  });
}

/** SQL text → the name of its server-side prepared statement (queries made by prepareQuery). */
const statementNames = new Map<string, string>();

/**
 * A PostgreSQL connection that runs the SQL of prepareQuery's queries as named statements, parsed
 * and planned once per connection instead of on every call (the session lookup of each request:
 * about 45% more lookups a second). Other SQL runs unnamed as before: its variety is unbounded, and
 * every named statement stays on the server for the connection's life.
 */
class NamingClient extends Client {
  // pg's query() has many overloads; only (text, values), Kysely's call, is renamed
  query(...args: unknown[]): any {
    const [text, values] = args;
    const name = typeof text === 'string' && args.length === 2 ? statementNames.get(text) : undefined;
    if (name) return super.query({ name, text, values } as QueryConfig);
    return (super.query as (...a: unknown[]) => Promise<QueryResult>)(...args);
  }
}

/**
 * A query built and compiled once, run many times with new values. Kysely builds and compiles
 * every query anew, which for the session lookup every signed-in request makes cost more than
 * running it (docs/decisions.md, "Queries compiled once"). `build` gets a stand-in for each named
 * value; each call gives the real values. The SQL text never changes, so SQLite reuses its prepared
 * statement and PostgreSQL a named one. The query must not select `*`: a prepared statement fails
 * once a migration changes the columns `*` stands for.
 */
export function prepareQuery<K extends string, O>(db: Db, names: readonly K[], build: (values: Record<K, string>) => Compilable<O>) {
  const standIns = Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`])) as Record<K, string>;
  const compiled = build(standIns).compile();
  const slots = compiled.parameters.map((value) => names.find((name) => standIns[name] === value));
  for (const name of names) {
    if (!slots.includes(name)) throw new Error(`prepareQuery: ${name} is not a parameter of ${compiled.sql}`);
  }
  if (/(\bselect\s+|"\.)\*/i.test(compiled.sql)) throw new Error(`prepareQuery: name the columns, not *: ${compiled.sql}`);
  statementNames.set(compiled.sql, `zn_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24)}`);
  return async (values: Record<K, unknown>): Promise<O[]> => {
    const parameters = slots.map((slot, i) => (slot === undefined ? compiled.parameters[i] : values[slot]));
    const query: CompiledQuery<O> = { ...compiled, parameters };
    return (await db.executeQuery(query)).rows;
  };
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
