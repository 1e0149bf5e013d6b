/**
 * The corpus a check compares against: the document library, indexed in this process. Before each
 * check it catches up with documents added since (by the server or by `npm run import` in another
 * process), so new library documents are compared against as soon as they exist.
 */
import { CorpusIndex } from '../../engines/similarity/corpusIndex';
import { tokenize } from '../../engines/similarity/normalize';
import type { DocumentService } from '../document/service';

/** Reads the library through the document module, which owns it. */
export function createCorpus(library: Pick<DocumentService, 'documentsAfter' | 'documentText'>) {
  const index = new CorpusIndex();
  let lastSeq = 0;
  let syncing: Promise<void> | undefined;

  async function catchUp() {
    for (;;) {
      const batch = await library.documentsAfter(lastSeq);
      if (!batch.length) return;
      for (const doc of batch) {
        index.add(doc.id, tokenize(doc.full_text));
        lastSeq = doc.seq;
      }
    }
  }

  return {
    index,
    /** Indexes what is new; concurrent callers share one pass. */
    async sync() {
      syncing ??= catchUp().finally(() => (syncing = undefined));
      await syncing;
    },
    text: (sourceId: string) => library.documentText(sourceId),
  };
}

export type Corpus = ReturnType<typeof createCorpus>;
