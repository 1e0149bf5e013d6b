import type { Db } from '../../db';
import { matchesAll, relevance, type SearchableTable } from '../../db/textSearch';
import type { DocumentTable } from '../../db/types';
import { nowIso } from '../../lib/time';

export type DocumentRow = Omit<DocumentTable, 'seq' | 'featured'> & { featured: number };
export type NewDocument = Omit<DocumentTable, 'seq' | 'featured'> & { featured: number };

export const DOCUMENT_SEARCH: SearchableTable = {
  table: 'documents',
  columns: [
    { name: 'title', weight: 10 },
    { name: 'keywords', weight: 6 },
    { name: 'abstract', weight: 3 },
    { name: 'full_text', weight: 1 },
  ],
};

/** Everything but the full text, which only the detail page and the corpus need. */
const SUMMARY_COLUMNS = [
  'id',
  'title',
  'authors',
  'year',
  'type',
  'discipline',
  'keywords',
  'abstract',
  'char_count',
  'featured',
  'file_name',
  'created_at',
] as const;
export type DocumentSummaryRow = Pick<DocumentRow, (typeof SUMMARY_COLUMNS)[number]>;

export interface DocumentFilter {
  type?: string;
  discipline?: string;
  featured?: boolean;
  /** words every listed document contains (the back office's search of the library) */
  terms?: string[];
  /** newest first, featured or not (the back office) */
  newestFirst?: boolean;
}

/** What the plagiarism check's corpus index reads (review/corpus.ts): the library in the order documents came and went. */
function corpusReads(db: Db) {
  const base = () => db.selectFrom('documents');

  /**
   * Documents added after `seq`, oldest first, at most `limit` of them; with `held`, the text only
   * of those it holds (a shard's process need not read the others').
   */
  function documentsAfter(seq: number, limit?: number): Promise<Array<{ seq: number; id: string; full_text: string }>>;
  function documentsAfter(seq: number, limit?: number, held?: (id: string) => boolean): Promise<Array<{ seq: number; id: string; full_text?: string }>>;
  async function documentsAfter(seq: number, limit = 200, held?: (id: string) => boolean): Promise<Array<{ seq: number; id: string; full_text?: string }>> {
    if (!held) return base().select(['seq', 'id', 'full_text']).where('seq', '>', seq).orderBy('seq').limit(limit).execute();
    const listed = await base().select(['seq', 'id']).where('seq', '>', seq).orderBy('seq').limit(limit).execute();
    const wanted = listed.filter((d) => held(d.id)).map((d) => d.id);
    const texts = new Map(wanted.length ? (await base().select(['id', 'full_text']).where('id', 'in', wanted).execute()).map((d) => [d.id, d.full_text]) : []);
    return listed.map((d) => ({ ...d, full_text: texts.get(d.id) }));
  }

  return {
    documentsAfter,
    documentIdsBetween: (after: number, upTo: number) =>
      base().select(['seq', 'id']).where('seq', '>', after).where('seq', '<=', upTo).orderBy('seq').execute(),
    documentText: async (id: string) => (await base().select('full_text').where('id', '=', id).executeTakeFirst())?.full_text,
    documentCount: async () =>
      Number(
        (
          await base()
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .executeTakeFirstOrThrow()
        ).total,
      ),
    /** How many documents are numbered after `seq`. */
    documentCountAfter: async (seq: number) =>
      Number(
        (
          await base()
            .select((eb) => eb.fn.countAll<number>().as('total'))
            .where('seq', '>', seq)
            .executeTakeFirstOrThrow()
        ).total,
      ),
    /** Removals recorded after `seq` (their own sequence), oldest first. */
    removalsAfter: (seq: number, limit = 1000) =>
      db.selectFrom('document_removals').select(['seq', 'document_id']).where('seq', '>', seq).orderBy('seq').limit(limit).execute(),
    /** The id of the document numbered `seq`, if it is still in the library. */
    documentIdAt: async (seq: number) => (await base().select('id').where('seq', '=', seq).executeTakeFirst())?.id,
    /** The document a removal numbered `seq` took out. */
    removalAt: async (seq: number) => (await db.selectFrom('document_removals').select('document_id').where('seq', '=', seq).executeTakeFirst())?.document_id,
    wasRemoved: async (id: string) => !!(await db.selectFrom('document_removals').select('seq').where('document_id', '=', id).executeTakeFirst()),
  };
}

export function createDocumentRepo(db: Db) {
  const base = () => db.selectFrom('documents');

  return {
    async insert(row: NewDocument) {
      await db.insertInto('documents').values(row).execute();
    },
    findByHash: (hash: string) => base().select(['id', 'title']).where('content_hash', '=', hash).executeTakeFirst(),
    findById: (id: string) => base().selectAll().where('id', '=', id).executeTakeFirst() as Promise<DocumentRow | undefined>,

    /** Featured first, then newest (or newest only). */
    async list(filter: DocumentFilter, offset: number, limit: number) {
      let query = base();
      if (filter.type) query = query.where('type', '=', filter.type);
      if (filter.discipline) query = query.where('discipline', '=', filter.discipline);
      if (filter.featured) query = query.where('featured', '=', 1);
      if (filter.terms?.length) query = query.where(matchesAll(db, DOCUMENT_SEARCH, filter.terms));
      const ordered = filter.newestFirst ? query.select(SUMMARY_COLUMNS) : query.select(SUMMARY_COLUMNS).orderBy('featured', 'desc');
      const [rows, count] = await Promise.all([
        ordered.orderBy('created_at', 'desc').orderBy('id').offset(offset).limit(limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
      ]);
      return { rows: rows as DocumentSummaryRow[], total: Number(count.total) };
    },

    /** The disciplines in the library, for the list's filter. */
    disciplines: async () => (await base().select('discipline').distinct().orderBy('discipline').execute()).map((r) => r.discipline),

    /** Candidates for "related": others of the same discipline. */
    sameDiscipline: (discipline: string, exceptId: string, limit: number) =>
      base()
        .select(SUMMARY_COLUMNS)
        .where('discipline', '=', discipline)
        .where('id', '!=', exceptId)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute() as Promise<DocumentSummaryRow[]>,

    /** The lines a review report names its sources by. */
    titles: (ids: string[]) => (ids.length ? base().select(['id', 'title', 'authors', 'year', 'type']).where('id', 'in', ids).execute() : Promise.resolve([])),

    /** How many documents contain every term. */
    async countMatches(terms: string[]) {
      const count = await base()
        .where(matchesAll(db, DOCUMENT_SEARCH, terms))
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(count.total);
    },

    /** One page of the documents containing every term, best first. */
    async search(terms: string[], offset: number, limit: number) {
      const rows = await base()
        .where(matchesAll(db, DOCUMENT_SEARCH, terms))
        .select([...SUMMARY_COLUMNS, 'full_text'])
        .select(relevance(db, DOCUMENT_SEARCH, terms).as('score'))
        .orderBy('score', 'desc')
        .orderBy('created_at', 'desc')
        .offset(offset)
        .limit(limit)
        .execute();
      return rows as (DocumentSummaryRow & { full_text: string })[];
    },

    /**
     * Takes a document out of the library and records the removal (in one transaction), so that
     * every corpus index catches up with it; the removed row, or undefined when there was none.
     */
    async remove(id: string) {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('documents').select(['id', 'title', 'file_key']).where('id', '=', id).executeTakeFirst();
        if (!row) return undefined;
        await trx.deleteFrom('documents').where('id', '=', id).execute();
        await trx.insertInto('document_removals').values({ document_id: id, removed_at: nowIso() }).execute();
        return row;
      });
    },

    ...corpusReads(db),
  };
}

export type DocumentRepo = ReturnType<typeof createDocumentRepo>;
