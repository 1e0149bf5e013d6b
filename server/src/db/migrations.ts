/**
 * The one set of migrations for SQLite and PostgreSQL, in order. Kysely's Migrator records
 * which ran; a new migration is a new entry, never an edit of an old one.
 */
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

/** An auto-numbered primary key: an identity column in PostgreSQL, the rowid alias in SQLite. */
function serial(db: Kysely<any>) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export const migrations: Record<string, Migration> = {
  '0001_accounts': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('nickname', 'varchar(40)', (c) => c.notNull())
        .addColumn('real_name', 'varchar(40)')
        .addColumn('school', 'varchar(80)')
        .addColumn('major', 'varchar(80)')
        .addColumn('degree', 'varchar(20)')
        .addColumn('phone', 'varchar(20)')
        .addColumn('avatar', 'varchar(200)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('verification_codes')
        .addColumn('id', 'integer', serial(db))
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('purpose', 'varchar(20)', (c) => c.notNull())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('used_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('codes_email').on('verification_codes').columns(['email', 'purpose']).execute();
      await db.schema
        .createTable('outbox_mails')
        .addColumn('id', 'integer', serial(db))
        .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
        .addColumn('subject', 'varchar(200)', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['outbox_mails', 'verification_codes', 'sessions', 'users']) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
  '0002_orders': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('orders')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('item_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('close_reason', 'varchar(12)')
        .addColumn('channel', 'varchar(20)')
        .addColumn('gateway', 'varchar(20)')
        .addColumn('gateway_trade_no', 'varchar(64)')
        .addColumn('refund_due', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('paid_at', 'varchar(30)')
        .addColumn('closed_at', 'varchar(30)')
        .addColumn('refunded_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('orders_user').on('orders').columns(['user_id', 'created_at']).execute();
      await db.schema.createIndex('orders_pending_expiry').on('orders').columns(['status', 'expires_at']).execute();
      await db.schema
        .createTable('payment_notifications')
        .addColumn('id', 'integer', serial(db))
        .addColumn('gateway', 'varchar(20)', (c) => c.notNull())
        .addColumn('trade_no', 'varchar(64)', (c) => c.notNull())
        .addColumn('order_id', 'varchar(32)', (c) => c.notNull().references('orders.id'))
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'varchar(20)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        // one row per gateway transaction: a repeated notification cannot be applied twice
        .addUniqueConstraint('payment_notifications_trade', ['gateway', 'trade_no'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('payment_notifications').execute();
      await db.schema.dropTable('orders').execute();
    },
  },
};
