import type { Transaction } from 'kysely';
import type { Db } from '../../db';
import { nowIso } from '../../lib/time';
import { changeRow, type OnRowChange } from '../../db/changeRow';
import { hourOf, hourRows } from '../../db/hourly';
import { recentRows } from '../../db/recent';
import type { ReviewTable, Database, PaperUploadTable, ReviewSystemTable } from '../../db/types';

type Executor = Db | Transaction<Database>;
export type ReviewRow = ReviewTable;
/** What the back office may change of a system. */
export type SystemChanges = Partial<Pick<ReviewSystemTable, 'price_per_thousand_fen' | 'max_chars' | 'min_match' | 'enabled'>>;

/** The check systems on sale (and, for the back office, off it). */
function systemRows(db: Db) {
  return {
    /** the systems offered to students; `all`: those taken off sale too (the back office) */
    systems: (all = false) =>
      db
        .selectFrom('review_systems')
        .selectAll()
        .$if(!all, (q) => q.where('enabled', '=', 1))
        .orderBy('sort')
        .execute(),
    /** Changes a system and runs `onChange` (its check, its audit entry) in one transaction; undefined: no such system. */
    changeSystem: (id: string, changes: SystemChanges, onChange: OnRowChange<ReviewSystemTable>) => changeRow(db, 'review_systems', id, changes, onChange),
    findSystem: (id: string) => db.selectFrom('review_systems').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The demo seed's systems (seed.ts adds those missing). */
    async insertSystems(rows: ReviewSystemTable[]) {
      await db.insertInto('review_systems').values(rows).execute();
    },
  };
}

/** Uploaded papers waiting to become a review. */
function uploadRows(db: Db) {
  return {
    async insertUpload(row: PaperUploadTable) {
      await db.insertInto('paper_uploads').values(row).execute();
    },
    findUpload: (id: string) => db.selectFrom('paper_uploads').selectAll().where('id', '=', id).executeTakeFirst(),
    /** The account's uploads kept that came since `since`. */
    uploadsSince: (userId: string, since: string) => recentRows(db.selectFrom('paper_uploads').where('user_id', '=', userId), since),
    uploadsOlderThan: (before: string) => db.selectFrom('paper_uploads').select(['id', 'file_key']).where('created_at', '<', before).execute(),
    /** Forgets every upload of the files at `fileKeys` (their text too). */
    async deleteUploadsOfFiles(fileKeys: string[]) {
      await db.deleteFrom('paper_uploads').where('file_key', 'in', fileKeys).execute();
    },
    /** Which of the files at `fileKeys` a review still holds as its paper. */
    async filesInReviews(fileKeys: string[]) {
      const rows = await db.selectFrom('reviews').select('file_key').distinct().where('file_key', 'in', fileKeys).execute();
      return new Set(rows.map((row) => row.file_key));
    },
  };
}

/** A review of a library in shards (review/shards.ts): each shard's part until the merge. */
function partRows(db: Db) {
  return {
    async savePart(reviewId: string, shard: number, hits: string) {
      await db
        .insertInto('review_parts')
        .values({ review_id: reviewId, shard, hits, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['review_id', 'shard']).doUpdateSet({ hits, created_at: nowIso() }))
        .execute();
    },
    countParts: async (reviewId: string) =>
      Number(
        (
          await db
            .selectFrom('review_parts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('review_id', '=', reviewId)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    parts: (reviewId: string) => db.selectFrom('review_parts').select(['shard', 'hits']).where('review_id', '=', reviewId).orderBy('shard').execute(),
    async deleteParts(reviewId: string) {
      await db.deleteFrom('review_parts').where('review_id', '=', reviewId).execute();
    },
  };
}

export function createReviewRepo(db: Db) {
  return {
    ...systemRows(db),
    ...uploadRows(db),
    ...partRows(db),

    async insertReview(row: ReviewRow) {
      await db.insertInto('reviews').values(row).execute();
    },
    /** The reviews the account created since `since` that are not paid for. */
    unpaidSince: (userId: string, since: string) => recentRows(db.selectFrom('reviews').where('user_id', '=', userId).where('paid_at', 'is', null), since),
    findReview: (id: string, ex: Executor = db) => ex.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst(),
    findByCode: (code: string) => db.selectFrom('reviews').selectAll().where('verification_code', '=', code).executeTakeFirst(),
    async updateReview(id: string, changes: Partial<ReviewRow>, ex: Executor = db) {
      await ex.updateTable('reviews').set(changes).where('id', '=', id).execute();
    },
    /** Changes a review only while it is unpaid: false when a payment landed first. */
    async updateUnpaid(id: string, changes: Partial<ReviewRow>) {
      const { numUpdatedRows } = await db.updateTable('reviews').set(changes).where('id', '=', id).where('status', '=', 'unpaid').executeTakeFirst();
      return numUpdatedRows > 0n;
    },
    /** A user's reviews, newest first, without the heavy columns. */
    async listReviews(userId: string, offset: number, limit: number) {
      const base = db.selectFrom('reviews').where('user_id', '=', userId);
      const [rows, count] = await Promise.all([
        base
          .select([
            'id',
            'system_id',
            'title',
            'author',
            'school',
            'major',
            'char_count',
            'amount_fen',
            'status',
            'progress',
            'order_id',
            'similarity',
            'failure_reason',
            'verification_code',
            'created_at',
            'updated_at',
            'paid_at',
            'finished_at',
            'paper_deleted_at',
            'file_name',
            'file_key',
            'user_id',
          ])
          .orderBy('created_at', 'desc')
          .orderBy('id')
          .offset(offset)
          .limit(limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.map((r) => ({ ...r, paper_text: null, report: null })) as ReviewRow[], total: Number(count.total) };
    },

    /** Forgets the papers of the reviews `ids` (text and file key), marking when. */
    async clearPapers(ids: string[]) {
      const now = nowIso();
      await db.updateTable('reviews').set({ paper_text: null, file_key: null, paper_deleted_at: now, updated_at: now }).where('id', 'in', ids).execute();
    },
    /** Papers kept past their time: reviews not running, created before `before`, paper still there. */
    papersOlderThan: (before: string) =>
      db
        .selectFrom('reviews')
        .select(['id', 'file_key'])
        .where('created_at', '<', before)
        .where('paper_deleted_at', 'is', null)
        .where('status', 'not in', ['queued', 'running'])
        .execute(),
    /** Reviews finished (their report made) per UTC hour since `since`. */
    doneHourly: async (since: string) =>
      hourRows(
        await db
          .selectFrom('reviews')
          .select([hourOf('finished_at').as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
          .where('status', '=', 'done')
          .where('finished_at', '>=', since)
          .groupBy(hourOf('finished_at'))
          .execute(),
      ),
  };
}

export type ReviewRepo = ReturnType<typeof createReviewRepo>;
