import type { Static } from '@sinclair/typebox';
import { notFound } from '../../lib/errors';
import type { Storage } from '../../lib/storage';
import { pageWindow, parseList } from '../shared/paging';
import { createDocumentImporter } from './importer';
import type { DocumentFilter, DocumentRepo, DocumentSummaryRow } from './repo';
import type { DocumentSummary } from './schemas';

const EXCERPT_LENGTH = 120;
const RELATED_COUNT = 5;

export function toDocumentSummary(row: DocumentSummaryRow): Static<typeof DocumentSummary> {
  return {
    id: row.id,
    title: row.title,
    authors: parseList(row.authors),
    year: row.year,
    type: row.type,
    discipline: row.discipline,
    keywords: parseList(row.keywords),
    excerpt: row.abstract.length > EXCERPT_LENGTH ? `${row.abstract.slice(0, EXCERPT_LENGTH)}…` : row.abstract,
    charCount: row.char_count,
    featured: row.featured === 1,
  };
}

export function createDocumentService(documents: DocumentRepo, storage: Storage) {
  async function found(id: string) {
    const row = await documents.findById(id);
    if (!row) throw notFound('范文不存在或已下线');
    return row;
  }
  return {
    async list(query: DocumentFilter & { current: number; pageSize: number }) {
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await documents.list(query, offset, limit);
      return { list: rows.map(toDocumentSummary), total, current: query.current, pageSize: query.pageSize };
    },

    /** The back office's list: newest first, with when each came and its original file's name. */
    async listForStaff(query: { terms?: string[]; current: number; pageSize: number }) {
      const { offset, limit } = pageWindow(query);
      const { rows, total } = await documents.list({ terms: query.terms, newestFirst: true }, offset, limit);
      const list = rows.map((row) => ({ ...toDocumentSummary(row), fileName: row.file_name, createdAt: row.created_at }));
      return { list, total, current: query.current, pageSize: query.pageSize };
    },

    /** One file into the library, as `npm run import` brings each (importer.ts). */
    importFile: createDocumentImporter(documents, storage).importFile,

    disciplines: () => documents.disciplines(),

    async read(id: string) {
      const row = await found(id);
      // related: same discipline, most keywords in common first
      const keywords = new Set(parseList(row.keywords));
      const candidates = await documents.sameDiscipline(row.discipline, row.id, 30);
      const related = candidates
        .map((r) => ({ r, score: parseList(r.keywords).filter((k) => keywords.has(k)).length }))
        .sort((a, b) => b.score - a.score)
        .slice(0, RELATED_COUNT)
        .map(({ r }) => toDocumentSummary(r));
      return { ...toDocumentSummary(row), abstract: row.abstract, fullText: row.full_text, fileName: row.file_name, related };
    },

    /**
     * Takes a document out of the library: its row and original file go, and every process's corpus
     * index drops it before its next check (review/corpus.ts). Reports already made keep their text.
     */
    async remove(id: string) {
      const row = await documents.remove(id);
      if (!row) throw notFound('范文不存在或已下线');
      if (row.file_key) await storage.remove(row.file_key);
      return { id: row.id, title: row.title };
    },

    // How the review corpus follows the library (review/corpus.ts): documents and removals in order.
    /** Library documents added after `seq`, oldest first (with `held`: the texts of those only). */
    documentsAfter: (seq: number, limit?: number, held?: (id: string) => boolean) => documents.documentsAfter(seq, limit, held),
    /** How many documents came after `seq`: what a large catch-up makes room for. */
    documentCountAfter: (seq: number) => documents.documentCountAfter(seq),
    /** A document's whole text (a review's source passage), undefined when it is gone. */
    documentText: (id: string) => documents.documentText(id),
    removalsAfter: (seq: number, limit?: number) => documents.removalsAfter(seq, limit),
    /** How many documents the library holds now. */
    documentCount: () => documents.documentCount(),
    documentIdsBetween: (after: number, upTo: number) => documents.documentIdsBetween(after, upTo),
    documentIdAt: (seq: number) => documents.documentIdAt(seq),
    removalAt: (seq: number) => documents.removalAt(seq),
    wasRemoved: (id: string) => documents.wasRemoved(id),
    /** How a review report names its sources: title and a line of authors, type and year. */
    async sourceLines(ids: string[]) {
      const rows = await documents.titles(ids);
      return new Map(rows.map((d) => [d.id, { title: d.title, detail: `${parseList(d.authors).join('、') || '佚名'} · ${d.type} · ${d.year}` }]));
    },

    /** For the search module: how many documents contain every term, and one page of them. */
    countMatches: (terms: string[]) => documents.countMatches(terms),
    search: (terms: string[], offset: number, limit: number) => documents.search(terms, offset, limit),

    /** The original file the document was imported from. */
    async file(id: string) {
      const row = await found(id);
      const stream = row.file_key ? storage.get(row.file_key) : undefined;
      if (!stream) throw notFound('这篇范文没有原始文件');
      return { stream, name: row.file_name! };
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
