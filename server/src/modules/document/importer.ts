/**
 * Brings papers into the document library: one file at a time, idempotent by the hash of the
 * text, each refusal with its reason. Used by `npm run import` and by the demo seed.
 */
import matter from 'gray-matter';
import { existsSync, readFileSync, readdirSync, statSync } from 'fs';
import { basename, join, relative } from 'path';
import { stripMarkdown } from '../../../../common/markdown';
import { EXTRACTABLE_EXTENSIONS, extensionOf, extractText, tidyText, decodeText } from '../../engines/text/extract';
import { newId, sha256 } from '../../lib/ids';
import type { Storage } from '../../lib/storage';
import { nowIso } from '../../lib/time';
import { checkGiven, documentMetadata } from './metadata';
import type { DocumentRepo } from './repo';

export interface ImportOutcome {
  file: string;
  status: 'imported' | 'skipped' | 'rejected';
  /** why it was skipped or rejected */
  reason?: string;
  title?: string;
  /** the document imported, or the one already holding the same text */
  id?: string;
}

/** Files to import under a folder, in a stable order (hidden files and folders left out). */
export function importableFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name.startsWith('.')) continue;
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if ((EXTRACTABLE_EXTENSIONS as readonly string[]).includes(extensionOf(name))) found.push(path);
    }
  };
  walk(folder);
  return found;
}

/** Metadata beside a file: `paper.docx` + `paper.json`. */
function sidecarOf(path: string): unknown {
  const sidecar = path.replace(/\.[^.]+$/, '.json');
  if (!existsSync(sidecar)) return undefined;
  try {
    return JSON.parse(readFileSync(sidecar, 'utf8'));
  } catch {
    throw new Error(`元数据文件 ${basename(sidecar)} 不是有效的 JSON`);
  }
}

async function readPaper(path: string, data: Buffer) {
  if (extensionOf(path) !== 'md') return { text: await extractText(data, path), given: sidecarOf(path) };
  const { content, data: frontMatter } = matter(decodeText(data));
  const given = Object.keys(frontMatter).length ? frontMatter : sidecarOf(path);
  return { text: tidyText(stripMarkdown(content)), given };
}

export function createDocumentImporter(documents: DocumentRepo, storage: Storage) {
  return {
    async importFile(path: string, root: string): Promise<ImportOutcome> {
      const file = relative(root, path) || basename(path);
      try {
        const data = readFileSync(path);
        const { text, given } = await readPaper(path, data);
        if (!text) return { file, status: 'rejected', reason: '文件中没有文字' };
        const contentHash = sha256(text.replace(/\s+/g, ''));
        const existing = await documents.findByHash(contentHash);
        if (existing) return { file, status: 'skipped', reason: `与已有范文《${existing.title}》内容相同`, title: existing.title, id: existing.id };
        const meta = documentMetadata(text, basename(path), checkGiven(given));
        const id = newId();
        const extension = extensionOf(path);
        const keepsOriginal = extension === 'docx' || extension === 'pdf';
        const fileKey = keepsOriginal ? `documents/${id}.${extension}` : null;
        if (fileKey) await storage.put(fileKey, data);
        const row = {
          id,
          title: meta.title,
          authors: JSON.stringify(meta.authors),
          year: meta.year,
          type: meta.type,
          discipline: meta.discipline,
          keywords: JSON.stringify(meta.keywords),
          abstract: meta.abstract,
          full_text: text,
          char_count: text.replace(/\s/g, '').length,
          featured: meta.featured ? 1 : 0,
          content_hash: contentHash,
          file_key: fileKey,
          file_name: keepsOriginal ? basename(path) : null,
          created_at: nowIso(),
        };
        // a row that cannot be written leaves no file behind
        await documents.insert(row).catch(async (error) => {
          if (fileKey) await storage.remove(fileKey);
          throw error;
        });
        return { file, status: 'imported', title: meta.title, id };
      } catch (error) {
        return { file, status: 'rejected', reason: (error as Error).message };
      }
    },
  };
}

export type DocumentImporter = ReturnType<typeof createDocumentImporter>;
