/**
 * The database: SQLite (better-sqlite3) by default, PostgreSQL when the URL says so; the same
 * Kysely queries and migrations run on both.
 */
import Sqlite from 'better-sqlite3';
import { createHash } from 'crypto';
import { mkdirSync } from 'fs';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type Compilable, type CompiledQuery } from 'kysely';
import { dirname } from 'path';
import { Pool } from 'pg';
import { OWNER_ONLY_FOLDER, ownerOnlyFile } from '../lib/ownerOnly';
import { migrations } from './migrations';
import type { Database } from './types';

export type Db = Kysely<Database>;

export const isPostgresUrl = (url: string) => /^postgres(ql)?:\/\//.test(url);

/**
 * Runs a prepareQuery query on the driver itself, without Kysely's connection handling (on SQLite
 * its lock and promises cost more than the query), or answers undefined to leave it to Kysely.
 */
type DirectRunner = (name: string, text: string, values: unknown[]) => Promise<unknown[]> | unknown[] | undefined;
const directRunners = new WeakMap<Db, DirectRunner>();

export function createDb(databaseUrl: string): Db {
  if (isPostgresUrl(databaseUrl)) {
    const pool = new Pool({ connectionString: databaseUrl, max: 10 });
    // an idle connection the server closes (a restart, a failover) must not take the process down;
    // the pool opens a new one for the next query
    pool.on('error', (error) => console.error(`PostgreSQL closed an idle connection: ${error.message}`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    directRunners.set(db, async (name, text, values) => (await pool.query({ name, text, values })).rows);
    return db;
  }
  const file = databaseUrl.replace(/^sqlite:/, '');
  // a folder made here is its owner's only; one that is there may be shared (the data folder is closed by services.ts)
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true, mode: OWNER_ONLY_FOLDER });
  const sqlite = new Sqlite(file);
  // SQLite makes its journal files (-wal, -shm) with the database's mode
  if (file !== ':memory:') for (const part of ['', '-wal', '-shm']) ownerOnlyFile(file + part);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const prepare = statementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withPrepare(sqlite, prepare) }) });
  // a synchronous read cannot interleave with Kysely's queries; inside an open transaction, though,
  // it would see that transaction's uncommitted writes, so then it queues behind it through Kysely
  directRunners.set(db, (_name, text, values) => (sqlite.inTransaction ? undefined : prepare(text).all(values)));
  return db;
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query anew, and with SQLite preparing costs more than running a small
 * query (a profile of a signed-in request: 13% of its time). The same SQL text gets the same
 * prepared statement back; every user runs each to completion at once, so sharing one is safe.
 */
function statementCache(sqlite: Sqlite.Database) {
  const cache = new Map<string, Sqlite.Statement>();
  return (source: string) => {
    let statement = cache.get(source);
    if (!statement) {
      statement = sqlite.prepare(source);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
      cache.set(source, statement);
    }
    return statement;
  };
}

/** The database as Kysely sees it, preparing through the cache. */
function withPrepare(sqlite: Sqlite.Database, prepare: (source: string) => Sqlite.Statement): Sqlite.Database {
  // the native methods want the database itself as `this`; bound once, not on every access
  const bound = new Map<PropertyKey, unknown>();
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare;
      const value = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      let method = bound.get(property);
      if (!method) bound.set(property, (method = value.bind(target)));
      return method;
    },
  });
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
  const name = `zn_${createHash('sha256').update(compiled.sql).digest('hex').slice(0, 24)}`;
  const direct = directRunners.get(db);
  return async (values: Record<K, unknown>): Promise<O[]> => {
    const parameters = slots.map((slot, i) => (slot === undefined ? compiled.parameters[i] : values[slot]));
    const rows = direct?.(name, compiled.sql, parameters);
    if (rows) return (await rows) as O[];
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
