/**
 * The one set of migrations for SQLite and PostgreSQL, in order. Kysely's Migrator records
 * which ran; a new migration is a new entry, never an edit of an old one.
 */
import { sql, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';
import { isPostgres } from './dialect';

/** An auto-numbered primary key: an identity column in PostgreSQL, the rowid alias in SQLite. */
function serial(db: Kysely<any>) {
  const postgres = isPostgres(db);
  return (c: ColumnDefinitionBuilder) => (postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
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
  '0003_content': {
    async up(db: Kysely<any>) {
      // `seq` is the row number the SQLite full-text index refers to; `id` is the public id
      await db.schema
        .createTable('articles')
        .addColumn('seq', 'integer', serial(db))
        .addColumn('id', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('summary', 'text', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('category', 'varchar(20)', (c) => c.notNull())
        .addColumn('tags', 'text', (c) => c.notNull())
        .addColumn('author', 'varchar(60)', (c) => c.notNull())
        .addColumn('published_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('view_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('content_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('articles_published').on('articles').columns(['published_at']).execute();
      await db.schema.createIndex('articles_category').on('articles').columns(['category', 'published_at']).execute();
      await db.schema
        .createTable('article_views')
        .addColumn('article_id', 'varchar(32)', (c) => c.notNull().references('articles.id').onDelete('cascade'))
        .addColumn('visitor', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addPrimaryKeyConstraint('article_views_pk', ['article_id', 'visitor'])
        .execute();
      await db.schema
        .createTable('documents')
        .addColumn('seq', 'integer', serial(db))
        .addColumn('id', 'varchar(32)', (c) => c.notNull().unique())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('authors', 'text', (c) => c.notNull())
        .addColumn('year', 'integer', (c) => c.notNull())
        .addColumn('type', 'varchar(8)', (c) => c.notNull())
        .addColumn('discipline', 'varchar(40)', (c) => c.notNull())
        .addColumn('keywords', 'text', (c) => c.notNull())
        .addColumn('abstract', 'text', (c) => c.notNull())
        .addColumn('full_text', 'text', (c) => c.notNull())
        .addColumn('char_count', 'integer', (c) => c.notNull())
        .addColumn('featured', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('content_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('file_key', 'varchar(200)')
        .addColumn('file_name', 'varchar(200)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('documents_created').on('documents').columns(['created_at']).execute();
      await db.schema.createIndex('documents_type').on('documents').columns(['type', 'discipline']).execute();

      if (isPostgres(db)) {
        // substring search for Chinese and English alike: trigram indexes serve ILIKE '%…%'
        await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
        await sql`CREATE INDEX articles_search ON articles USING gin ((title || ' ' || summary || ' ' || body) gin_trgm_ops)`.execute(db);
        await sql`CREATE INDEX documents_search ON documents USING gin ((title || ' ' || keywords || ' ' || abstract || ' ' || full_text) gin_trgm_ops)`.execute(
          db,
        );
        return;
      }
      // SQLite: FTS5 trigram indexes over the tables' own text (external content), kept in step by triggers
      const fts = [
        { table: 'articles', columns: ['title', 'summary', 'body'] },
        { table: 'documents', columns: ['title', 'keywords', 'abstract', 'full_text'] },
      ];
      for (const { table, columns } of fts) {
        const list = columns.join(', ');
        const values = (prefix: string) => columns.map((c) => `${prefix}.${c}`).join(', ');
        const statements = [
          `CREATE VIRTUAL TABLE ${table}_fts USING fts5(${list}, content='${table}', content_rowid='seq', tokenize='trigram')`,
          `CREATE TRIGGER ${table}_fts_insert AFTER INSERT ON ${table} BEGIN INSERT INTO ${table}_fts(rowid, ${list}) VALUES (new.seq, ${values('new')}); END`,
          `CREATE TRIGGER ${table}_fts_delete AFTER DELETE ON ${table} BEGIN INSERT INTO ${table}_fts(${table}_fts, rowid, ${list}) VALUES ('delete', old.seq, ${values('old')}); END`,
          `CREATE TRIGGER ${table}_fts_update AFTER UPDATE OF ${list} ON ${table} BEGIN INSERT INTO ${table}_fts(${table}_fts, rowid, ${list}) VALUES ('delete', old.seq, ${values('old')}); INSERT INTO ${table}_fts(rowid, ${list}) VALUES (new.seq, ${values('new')}); END`,
        ];
        for (const statement of statements) await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<any>) {
      if (!isPostgres(db)) {
        await sql`DROP TABLE articles_fts`.execute(db);
        await sql`DROP TABLE documents_fts`.execute(db);
      }
      for (const table of ['article_views', 'articles', 'documents']) await db.schema.dropTable(table).execute();
    },
  },
  '0004_checks': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('check_systems')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(40)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price_per_thousand_fen', 'integer', (c) => c.notNull())
        .addColumn('min_match', 'integer', (c) => c.notNull())
        .addColumn('corpora', 'text', (c) => c.notNull())
        .addColumn('max_chars', 'integer', (c) => c.notNull())
        .addColumn('turnaround', 'varchar(40)', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('paper_uploads')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('file_key', 'varchar(200)', (c) => c.notNull())
        .addColumn('file_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('char_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('checks')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('system_id', 'varchar(32)', (c) => c.notNull().references('check_systems.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('author', 'varchar(60)', (c) => c.notNull())
        .addColumn('school', 'varchar(80)')
        .addColumn('major', 'varchar(80)')
        .addColumn('char_count', 'integer', (c) => c.notNull())
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('paper_text', 'text')
        .addColumn('file_key', 'varchar(200)')
        .addColumn('file_name', 'varchar(200)')
        .addColumn('order_id', 'varchar(32)')
        .addColumn('report', 'text')
        .addColumn('similarity', 'real')
        .addColumn('failure_reason', 'varchar(200)')
        .addColumn('verification_code', 'varchar(20)', (c) => c.unique())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('paid_at', 'varchar(30)')
        .addColumn('finished_at', 'varchar(30)')
        .addColumn('paper_deleted_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('checks_user').on('checks').columns(['user_id', 'created_at']).execute();
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'integer', serial(db))
        .addColumn('kind', 'varchar(20)', (c) => c.notNull())
        .addColumn('ref_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'varchar(30)')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .addUniqueConstraint('jobs_item', ['kind', 'ref_id'])
        .execute();
      await db.schema.createIndex('jobs_claim').on('jobs').columns(['status', 'locked_until']).execute();
    },
    async down(db: Kysely<any>) {
      for (const table of ['jobs', 'checks', 'paper_uploads', 'check_systems']) await db.schema.dropTable(table).execute();
    },
  },
  '0005_typesetting': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('templates')
        .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(80)', (c) => c.notNull())
        .addColumn('degree', 'varchar(8)', (c) => c.notNull())
        .addColumn('discipline', 'varchar(40)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('price_fen', 'integer', (c) => c.notNull())
        .addColumn('spec', 'text', (c) => c.notNull())
        .addColumn('sort', 'integer', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('typesets')
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('template_id', 'varchar(40)', (c) => c.notNull().references('templates.id'))
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('fields', 'text', (c) => c.notNull())
        .addColumn('manuscript_key', 'varchar(200)')
        .addColumn('manuscript_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('warnings', 'text', (c) => c.notNull())
        .addColumn('output_key', 'varchar(200)')
        .addColumn('preview_key', 'varchar(200)')
        .addColumn('order_id', 'varchar(32)')
        .addColumn('paid_at', 'varchar(30)')
        .addColumn('failure_reason', 'varchar(200)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('deleted_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('typesets_user').on('typesets').columns(['user_id', 'created_at']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('typesets').execute();
      await db.schema.dropTable('templates').execute();
    },
  },
  '0006_throttles': {
    async up(db: Kysely<any>) {
      // attempt counters of the account routes, shared by every server process (fixed windows)
      await db.schema
        .createTable('throttles')
        .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('window_started_at', 'varchar(30)', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('throttles').execute();
    },
  },
  '0007_check_minimum_13': {
    // Shorter minimums flagged honest Chinese text for commonplace phrases (docs/features.md, "Plagiarism checks").
    async up(db: Kysely<any>) {
      for (const [id, before, description] of [
        ['graduate', 10, '面向硕士、博士学位论文：篇幅上限更高，连续 13 字相同即标出，报告含分章节结果与逐段对照，适合送审前的最终自查。'],
        ['journal', 8, '面向期刊投稿与职称评审论文：篇幅短、出报告快，连续 13 字相同即标出。'],
      ] as const) {
        await db.updateTable('check_systems').set({ min_match: 13, description }).where('id', '=', id).where('min_match', '=', before).execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const [id, minMatch, description] of [
        ['graduate', 10, '面向硕士、博士学位论文：检测更严格，连续 10 字相同即标出，适合送审前的最终自查。'],
        ['journal', 8, '面向期刊投稿与职称评审论文：篇幅短、要求高，连续 8 字相同即标出。'],
      ] as const) {
        await db.updateTable('check_systems').set({ min_match: minMatch, description }).where('id', '=', id).execute();
      }
    },
  },
  '0008_typeset_pages': {
    async up(db: Kysely<any>) {
      await db.schema.alterTable('typesets').addColumn('pdf_key', 'varchar(200)').execute();
      await db.schema
        .alterTable('typesets')
        .addColumn('preview_pages', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('typesets').dropColumn('preview_pages').execute();
      await db.schema.alterTable('typesets').dropColumn('pdf_key').execute();
    },
  },
  '0009_document_removals': {
    // Documents taken out of the library, in order: every process's corpus index (and its snapshot
    // on disk) catches up with them by this sequence, as it does with new documents by documents.seq.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('document_removals')
        .addColumn('seq', 'integer', serial(db))
        .addColumn('document_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('removed_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('document_removals_document').on('document_removals').column('document_id').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('document_removals').execute();
    },
  },
  '0010_review_vocabulary': {
    // One word from table to page (docs/architecture.md, "One vocabulary"): the check tables, the
    // order and job kind `check`, and the in-progress status `checking` become review, review and
    // running. Rows are rewritten in place, so pending orders and queued jobs keep their meaning.
    async up(db: Kysely<any>) {
      await renameVocabulary(db, CHECK_WORDS, REVIEW_WORDS);
    },
    async down(db: Kysely<any>) {
      await renameVocabulary(db, REVIEW_WORDS, CHECK_WORDS);
    },
  },
  '0011_review_parts': {
    // A review of a library in shards: what each shard's index holds of the paper, kept until the
    // merge job has made the report (review/shards.ts).
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('review_parts')
        .addColumn('review_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('shard', 'integer', (c) => c.notNull())
        .addColumn('hits', 'text', (c) => c.notNull())
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addPrimaryKeyConstraint('review_parts_pk', ['review_id', 'shard'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('review_parts').execute();
    },
  },
  '0012_order_price': {
    // an order shows how its price was reached (common/price.ts); a check's existing orders get theirs from the check
    async up(db: Kysely<any>) {
      await db.schema.alterTable('orders').addColumn('price_chars', 'integer').execute();
      await db.schema.alterTable('orders').addColumn('price_per_thousand_fen', 'integer').execute();
      await sql`UPDATE orders SET price_chars = (SELECT char_count FROM reviews WHERE reviews.id = orders.item_id) WHERE kind = 'review'`.execute(db);
      await sql`UPDATE orders SET price_per_thousand_fen = amount_fen / ((price_chars + 999) / 1000) WHERE price_chars > 0`.execute(db);
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('orders').dropColumn('price_per_thousand_fen').execute();
      await db.schema.alterTable('orders').dropColumn('price_chars').execute();
    },
  },
  '0013_roles': {
    // Who may open the back office (common/roles.ts): every existing and new account is a user;
    // operators and admins are made by `npm run admin -- grant`, never through the web.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'varchar(10)', (c) => c.notNull().defaultTo('user'))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('users').dropColumn('role').execute();
    },
  },
  '0014_audit_log': {
    // Every back-office change, appended by the audit service (modules/audit) and never updated or
    // deleted: who (kept by e-mail too, so the entry outlives the account), when, what, and the
    // record before and after as JSON.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', serial(db))
        .addColumn('actor_id', 'varchar(32)')
        .addColumn('actor_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('action', 'varchar(40)', (c) => c.notNull())
        .addColumn('target_type', 'varchar(20)', (c) => c.notNull())
        .addColumn('target_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_target').on('audit_log').columns(['target_type', 'target_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('audit_log').execute();
    },
  },
  '0015_refunds': {
    // Refunds through the gateway (modules/order, modules/admin): one row per refund request
    // number, the number the gateway makes a refund idempotent by; at most one of an order's is
    // pending (sent, its answer not yet known) at a time. What an order has had back, in fen.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('orders')
        .addColumn('refunded_fen', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('orders_created').on('orders').column('created_at').execute();
      await db.schema
        .createTable('refunds')
        .addColumn('request_no', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('order_id', 'varchar(32)', (c) => c.notNull().references('orders.id'))
        .addColumn('amount_fen', 'integer', (c) => c.notNull())
        .addColumn('reason', 'varchar(200)', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) => c.notNull())
        .addColumn('operator_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('gateway', 'varchar(20)', (c) => c.notNull())
        .addColumn('gateway_refund_no', 'varchar(64)')
        .addColumn('failure', 'varchar(200)')
        .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
        .addColumn('completed_at', 'varchar(30)')
        .execute();
      await db.schema.createIndex('refunds_order').on('refunds').column('order_id').execute();
      await db.schema.createIndex('refunds_one_pending').on('refunds').column('order_id').unique().where(sql.ref('status'), '=', 'pending').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable('refunds').execute();
      await db.schema.dropIndex('orders_created').execute();
      await db.schema.alterTable('orders').dropColumn('refunded_fen').execute();
    },
  },
  '0016_account_disabling': {
    // An account the back office disabled: it cannot sign in, and its sessions were ended.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('users').addColumn('disabled_at', 'varchar(30)').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('users').dropColumn('disabled_at').execute();
    },
  },
  '0017_refund_trades': {
    // Which gateway transaction a refund gives back: the one that paid the order, or a payment
    // that reached it after it closed (kept for refund, refund_due).
    async up(db: Kysely<any>) {
      await db.schema.alterTable('refunds').addColumn('trade_no', 'varchar(64)').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('refunds').dropColumn('trade_no').execute();
    },
  },
  '0018_article_publishing': {
    // Articles written in the back office: a draft is kept unpublished (readers never see it) until
    // staff publish it; the articles already there are published. When it was last edited.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('articles')
        .addColumn('published', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema.alterTable('articles').addColumn('updated_at', 'varchar(30)').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('articles').dropColumn('updated_at').execute();
      await db.schema.alterTable('articles').dropColumn('published').execute();
    },
  },
  '0019_catalogue_enabled': {
    // Review systems and templates taken off sale in the back office stay in the table (reviews,
    // typesets and orders name them) but are offered to no one; all are on sale at first.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('review_systems')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .alterTable('templates')
        .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable('templates').dropColumn('enabled').execute();
      await db.schema.alterTable('review_systems').dropColumn('enabled').execute();
    },
  },
  '0020_similarity_double': {
    // A review's similarity as the engine computed it, on both databases: PostgreSQL's `real` kept
    // four bytes (0.28761062 for 0.28761061946902655), where SQLite's REAL has eight.
    up: (db: Kysely<any>) => similarityType(db, 'double precision'),
    down: (db: Kysely<any>) => similarityType(db, 'real'),
  },
  '0021_one_open_order': {
    // One payable order per item: two requests ordering it at once both found none open and both
    // made one. The index lets only one be pending; of the pending orders older data may hold for
    // one item, the newest (the one ordering again answered) stays open, the others close as replaced.
    async up(db: Kysely<any>) {
      await sql`UPDATE orders SET status = 'closed', close_reason = 'replaced', closed_at = ${new Date().toISOString()}
        WHERE status = 'pending' AND EXISTS (
          SELECT 1 FROM orders newer WHERE newer.kind = orders.kind AND newer.item_id = orders.item_id AND newer.status = 'pending'
            AND (newer.created_at > orders.created_at OR (newer.created_at = orders.created_at AND newer.id < orders.id)))`.execute(db);
      await db.schema.createIndex('orders_one_pending').on('orders').columns(['kind', 'item_id']).unique().where(sql.ref('status'), '=', 'pending').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('orders_one_pending').execute();
    },
  },
  '0022_journal_article': {
    // The journal template laid a paper out as a thesis (a cover page, contents, Roman front matter,
    // 图1-1). The seed never rewrites a row it finds, so a database seeded before keeps the stored
    // specification until this turns it into a journal article's, as server/seed/templates has it;
    // the price and sale columns, an operator's, stay.
    up: (db: Kysely<any>) => journalLayout(db, 'article'),
    down: (db: Kysely<any>) => journalLayout(db, 'thesis'),
  },
  '0023_job_turns': {
    // The jobs of a kind took turns by age alone: one account's long typesettings queued first kept
    // another's waiting behind all of them. A job names whose work it is ('' for none) and when it
    // was last claimed, so the accounts take turns; the typesettings already queued name their student.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('jobs')
        .addColumn('account_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.alterTable('jobs').addColumn('started_at', 'varchar(30)').execute();
      await sql`UPDATE jobs SET account_id = COALESCE((SELECT user_id FROM typesets WHERE typesets.id = jobs.ref_id), '') WHERE kind = 'typeset'`.execute(db);
      await db.schema.createIndex('jobs_turns').on('jobs').columns(['kind', 'account_id']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropIndex('jobs_turns').execute();
      await db.schema.alterTable('jobs').dropColumn('started_at').execute();
      await db.schema.alterTable('jobs').dropColumn('account_id').execute();
    },
  },
  '0024_review_turnaround': {
    // The systems promised a report in about 5, 10 or 20 minutes, where one comes in seconds (a
    // 50,000-character paper against 100 M characters of library takes under a second: bench/).
    // The seed never rewrites a row it finds; a promise an operator has changed stays.
    async up(db: Kysely<any>) {
      for (const [id, before] of TURNAROUNDS_BEFORE) {
        await db.updateTable('review_systems').set({ turnaround: TURNAROUND }).where('id', '=', id).where('turnaround', '=', before).execute();
      }
    },
    async down(db: Kysely<any>) {
      for (const [id, before] of TURNAROUNDS_BEFORE) {
        await db.updateTable('review_systems').set({ turnaround: before }).where('id', '=', id).where('turnaround', '=', TURNAROUND).execute();
      }
    },
  },
};

/** What the seeded check systems promised before 0024, and what they promise since. */
const TURNAROUNDS_BEFORE = [
  ['undergraduate', '约 10 分钟'],
  ['graduate', '约 20 分钟'],
  ['journal', '约 5 分钟'],
] as const;
const TURNAROUND = '通常 1 分钟内';

/** The journal template's fields that differ between its thesis-like layout and a journal article's; `undefined`: absent. */
const JOURNAL_LAYOUTS = {
  thesis: {
    description: '期刊投稿格式：题名、作者与单位、中英文摘要和关键词，一、/（一）/1. 标题编号，参考文献按 GB/T 7714-2015 顺序编码制。',
    abstractTitle: { zhFont: '黑体', latinFont: 'Times New Roman', size: '三号', bold: true, align: 'center', spaceAfterPt: 12 },
    abstractBody: { zhFont: '宋体', latinFont: 'Times New Roman', size: '小四', lineSpacing: 1.5, firstLineChars: 2, align: 'justify' },
    keywords: { zhFont: '宋体', latinFont: 'Times New Roman', size: '小四', lineSpacing: 1.5 },
    coverLine: undefined,
    chapterNewPage: undefined,
    abstractTitles: { zhTitle: '摘  要', enTitle: 'ABSTRACT', runIn: undefined },
    toc: { title: '目  次', levels: 2 },
    captions: { figure: '图{chapter}-{n}', table: '表{chapter}-{n}' },
    pageNumbers: { front: 'upperRoman', body: 'decimal' },
    coverLayout: undefined,
  },
  article: {
    description:
      '期刊投稿格式：首页依次为题名、作者与单位、中英文摘要和关键词，正文紧接其后，不设封面和目录；一、/（一）/1. 标题编号，图表全文连续编号，参考文献按 GB/T 7714-2015 顺序编码制。',
    abstractTitle: { zhFont: '黑体', latinFont: 'Times New Roman', size: '小五', bold: true },
    abstractBody: { zhFont: '宋体', latinFont: 'Times New Roman', size: '小五', lineSpacing: 1.25, firstLineChars: 2, align: 'justify' },
    keywords: { zhFont: '宋体', latinFont: 'Times New Roman', size: '小五', lineSpacing: 1.25, firstLineChars: 2, spaceAfterPt: 9 },
    coverLine: { zhFont: '楷体', latinFont: 'Times New Roman', size: '小四', align: 'center', spaceAfterPt: 6 },
    chapterNewPage: false,
    abstractTitles: { zhTitle: '摘要：', enTitle: 'Abstract: ', runIn: true },
    toc: undefined,
    captions: { figure: '图{n}', table: '表{n}', numbering: 'paper' },
    pageNumbers: { body: 'decimal' },
    coverLayout: 'titleBlock',
  },
} as const;

/** The journal template's stored specification and description set to one layout's fields (the template's others kept). */
async function journalLayout(db: Kysely<any>, layout: keyof typeof JOURNAL_LAYOUTS) {
  const id = 'journal-gbt7714';
  const row = await db.selectFrom('templates').select('spec').where('id', '=', id).executeTakeFirst();
  if (!row) return;
  const fields = JOURNAL_LAYOUTS[layout];
  const spec = JSON.parse(row.spec as string);
  const { abstractTitle, abstractBody, keywords, coverLine } = fields;
  const next = {
    ...spec,
    description: fields.description,
    styles: { ...spec.styles, abstractTitle, abstractBody, keywords, coverLine },
    chapterNewPage: fields.chapterNewPage,
    abstract: { ...spec.abstract, ...fields.abstractTitles },
    toc: fields.toc,
    captions: fields.captions,
    pageNumbers: fields.pageNumbers,
    cover: { ...spec.cover, layout: fields.coverLayout },
  };
  // JSON leaves out the fields set to undefined: absent, as the template's schema reads them
  await db
    .updateTable('templates')
    .set({ spec: JSON.stringify(next), description: fields.description })
    .where('id', '=', id)
    .execute();
}

/** A review's similarity stored as `type` on PostgreSQL (SQLite's REAL already has eight bytes). */
async function similarityType(db: Kysely<any>, type: 'double precision' | 'real') {
  if (isPostgres(db))
    await db.schema
      .alterTable('reviews')
      .alterColumn('similarity', (c) => c.setDataType(type))
      .execute();
}

/** The names `0010_review_vocabulary` changes, before and after. */
const CHECK_WORDS = { reviews: 'checks', systems: 'check_systems', index: 'checks_user', kind: 'check', running: 'checking' };
const REVIEW_WORDS: typeof CHECK_WORDS = { reviews: 'reviews', systems: 'review_systems', index: 'reviews_user', kind: 'review', running: 'running' };

async function renameVocabulary(db: Kysely<any>, from: typeof CHECK_WORDS, to: typeof CHECK_WORDS) {
  const work = async (trx: Kysely<any>) => {
    await trx.schema.alterTable(from.reviews).renameTo(to.reviews).execute();
    await trx.schema.alterTable(from.systems).renameTo(to.systems).execute();
    // SQLite cannot rename an index: it is made again under its new name
    await trx.schema.dropIndex(from.index).execute();
    await trx.schema.createIndex(to.index).on(to.reviews).columns(['user_id', 'created_at']).execute();
    await trx.updateTable('orders').set({ kind: to.kind }).where('kind', '=', from.kind).execute();
    await trx.updateTable('jobs').set({ kind: to.kind }).where('kind', '=', from.kind).execute();
    await trx.updateTable(to.reviews).set({ status: to.running }).where('status', '=', from.running).execute();
  };
  // PostgreSQL runs each migration in a transaction already; SQLite's migrations run without one
  await (db.isTransaction ? work(db) : db.transaction().execute(work));
}
