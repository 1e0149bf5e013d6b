/**
 * The back office's check library (文献库): the papers every check compares against, listed and
 * searched; uploads imported with `npm run import`'s own importer (document/importer.ts), so a
 * file is taken, skipped or rejected here for the reasons the command prints; removals through the
 * library's own removal, which every process's check index follows (review/corpus.ts) as it follows
 * `npm run import -- --remove`. An upload that imported something and each removal write one
 * audit entry.
 */
import { relative } from 'path';
import { extensionOf } from '../../../../common/api';
import { searchTerms } from '../../../../common/content';
import { newId } from '../../lib/ids';
import type { AuditService } from '../audit';
import { importableFiles, type DocumentService, type ImportOutcome } from '../document';
import type { UserRow } from '../user';

const UNSUPPORTED = '不是可导入的文件类型（只导入 .md、.txt、.docx 和 .pdf）';
const REPEATED = '这一批中已有同名文件，只导入了第一个';
const UNUSED_METADATA = '没有同名的论文文件，元数据未使用';

const stem = (name: string) => name.replace(/\.[^.]+$/, '');

export function createAdminLibrary(deps: { documents: Pick<DocumentService, 'listForStaff' | 'importFile' | 'remove'>; audit: AuditService }) {
  const { documents, audit } = deps;
  const actorOf = (actor: UserRow) => ({ id: actor.id, email: actor.email });

  return {
    async list(query: { current: number; pageSize: number; q?: string }) {
      const { list, ...page } = await documents.listForStaff({ ...query, terms: searchTerms(query.q ?? '') });
      return {
        ...page,
        list: list.map(({ id, title, authors, year, type, discipline, charCount, fileName, createdAt }) => ({
          id,
          title,
          authors,
          year,
          type,
          discipline,
          charCount,
          fileName,
          createdAt,
        })),
      };
    },

    /**
     * Imports an upload: `folder` holds the files received, `received` names every file sent, in
     * order (one sent twice under a name was kept once). The papers go in as the command takes a
     * folder; what it would pass over silently (other kinds, unused metadata, repeats) is said.
     */
    async importUpload(actor: UserRow, folder: string, received: string[]) {
      const papers = importableFiles(folder);
      const outcomes: ImportOutcome[] = [];
      for (const path of papers) outcomes.push(await documents.importFile(path, folder));
      const taken = new Set(papers.map((path) => relative(folder, path)));
      const paperStems = new Set([...taken].map(stem));
      const seen = new Set<string>();
      for (const file of received) {
        const repeated = seen.has(file);
        seen.add(file);
        if (repeated) outcomes.push({ file, status: 'skipped', reason: REPEATED });
        else if (extensionOf(file) === 'json') {
          if (!paperStems.has(stem(file))) outcomes.push({ file, status: 'skipped', reason: UNUSED_METADATA });
        } else if (!taken.has(file)) outcomes.push({ file, status: 'skipped', reason: UNSUPPORTED });
      }
      const of = (status: ImportOutcome['status']) => outcomes.filter((o) => o.status === status);
      const [imported, skipped, rejected] = [of('imported'), of('skipped'), of('rejected')];
      if (imported.length) {
        await audit.record({
          actor: actorOf(actor),
          action: 'library.import',
          target: { type: 'library', id: newId() },
          before: null,
          after: {
            imported: imported.map(({ id, title, file }) => ({ id, title, file })),
            skipped: skipped.length,
            rejected: rejected.map(({ file, reason }) => ({ file, reason })),
          },
        });
      }
      return { imported: imported.length, skipped: skipped.length, rejected: rejected.length, outcomes: [...imported, ...skipped, ...rejected] };
    },

    /** Takes a paper out of the library: no check finds it from its next comparison on. */
    async remove(actor: UserRow, id: string) {
      const removed = await documents.remove(id);
      await audit.record({ actor: actorOf(actor), action: 'library.remove', target: { type: 'document', id }, before: removed, after: null });
      return removed;
    },
  };
}
export type AdminLibrary = ReturnType<typeof createAdminLibrary>;
