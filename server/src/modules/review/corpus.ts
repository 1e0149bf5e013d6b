/**
 * The corpus a check compares against: the document library, indexed in this process. Before each
 * check it catches up with the library (documents added and removed since, by the server or by
 * `npm run import` in another process), so a check compares against exactly what the library holds.
 *
 * The index persists in the data folder (indexFile.ts): a process starts from the last snapshot
 * and catches up from the sequence numbers it records, instead of tokenising the whole library
 * again. A snapshot is written after catching up with enough new text and when the process closes.
 */
import { CorpusIndex } from '../../engines/similarity/corpusIndex';
import { readIndexSnapshot, writeIndexSnapshot } from './indexFile';

/** The library as the corpus reads it: the document module's service, which owns it. */
export interface Library {
  /** Documents added after `seq`, oldest first, at most `limit`; given `held`, it may leave out the texts of the others. */
  documentsAfter(seq: number, limit: number, held?: (id: string) => boolean): Promise<Array<{ seq: number; id: string; full_text?: string }>>;
  /** How many documents are numbered after `seq` (lets a large catch-up make room at once). */
  documentCountAfter?(seq: number): Promise<number>;
  /** Removals recorded after `seq` (their own sequence), oldest first, at most `limit`. */
  removalsAfter(seq: number, limit: number): Promise<Array<{ seq: number; document_id: string }>>;
  /** Documents numbered after `after` up to `upTo`, oldest first (ids only). */
  documentIdsBetween(after: number, upTo: number): Promise<Array<{ seq: number; id: string }>>;
  documentText(id: string): Promise<string | undefined>;
  documentIdAt(seq: number): Promise<string | undefined>;
  removalAt(seq: number): Promise<string | undefined>;
  wasRemoved(id: string): Promise<boolean>;
}

/** How far an index has caught up, and with what, so that a snapshot can be matched to its database. */
interface Mark {
  docSeq: number;
  docId: string | null;
  removalSeq: number;
  removalId: string | null;
}

export interface CorpusOptions {
  /** Where the snapshot lives; without it the index is rebuilt by every process. */
  dir?: string;
  /** New text (characters) after which a catch-up writes a snapshot. */
  snapshotAfterChars?: number;
  log?: { info: (message: string) => void; warn: (message: string) => void };
  /** Which documents this index holds (one shard of the library); all when omitted. */
  holds?: (documentId: string) => boolean;
}

/** Writing costs about a second per 500 MB of index; indexing 5 M characters takes longer. */
const SNAPSHOT_AFTER_CHARS = 5_000_000;
const BATCH = 200;
/** Room made for this much more than the first batch of a large catch-up says the rest will need. */
const RESERVE_MARGIN = 1.1;
/**
 * At most this many times the postings held after that batch, and this many postings (2 GB of
 * entries): a first batch of long books before many short papers must not claim memory the
 * library never needs. Past the room made, the index grows by doubling as before.
 */
const RESERVE_TIMES = 16;
const RESERVE_MOST = 2 ** 27;
/**
 * PostgreSQL numbers a row when it is inserted but shows it when its transaction commits, so a
 * document numbered below one already read may still appear (two imports at once): this many
 * numbers behind the last one read are looked at again at every catch-up.
 */
const LOOKBACK = 200;

/** An index and how far it has caught up, with what it holds that no snapshot has yet. */
interface Progress {
  index: CorpusIndex;
  mark: Mark;
  unsavedChars: number;
  unsavedChanges: number;
}

type Log = NonNullable<CorpusOptions['log']>;

/** Whether the snapshot's last document and removal are this database's (not another library's). */
async function belongsHere(library: Library, m: Mark) {
  if (typeof m?.docSeq !== 'number' || typeof m.removalSeq !== 'number') return false;
  if (m.docSeq > 0) {
    const id = await library.documentIdAt(m.docSeq);
    if (id !== m.docId && !(id === undefined && m.docId && (await library.wasRemoved(m.docId)))) return false;
  }
  return m.removalSeq === 0 || (await library.removalAt(m.removalSeq)) === m.removalId;
}

/** The snapshot in `dir`, if there is one of this database that can be read. */
async function loadSnapshot(library: Library, dir: string, log: Log): Promise<{ index: CorpusIndex; mark: Mark } | undefined> {
  const started = Date.now();
  try {
    const found = await readIndexSnapshot<Mark>(dir);
    if (!found) return undefined;
    if (!(await belongsHere(library, found.meta))) {
      log.warn('corpus snapshot belongs to another database: indexing the library afresh');
      return undefined;
    }
    log.info(`corpus snapshot loaded in ${Date.now() - started} ms (${found.index.size} documents)`);
    return { index: found.index, mark: found.meta };
  } catch (error) {
    log.warn(`corpus snapshot not used (${(error as Error).message}): indexing the library afresh`);
    return undefined;
  }
}

function add(progress: Progress, id: string, text: string) {
  progress.index.addText(id, text);
  progress.unsavedChars += text.length;
  progress.unsavedChanges += 1;
}

/** Documents numbered just below the mark that were not there when it was read (see LOOKBACK). */
async function readLateDocuments(library: Library, progress: Progress, holds: (id: string) => boolean) {
  const { mark, index } = progress;
  if (mark.docSeq === 0) return;
  for (const { id } of await library.documentIdsBetween(Math.max(0, mark.docSeq - LOOKBACK), mark.docSeq)) {
    if (index.has(id) || !holds(id)) continue;
    const text = await library.documentText(id);
    if (text !== undefined) add(progress, id, text);
  }
}

/**
 * Documents after the mark, in batches; a large catch-up makes room for the rest at once. The room
 * made after the first batch is at most RESERVE_TIMES its postings: a library of short documents
 * (the same manual's many versions) outgrows it, and rather than doubling late, each copy and
 * re-chaining of tens of millions of postings, room is made again as soon as the documents read
 * so far allow twice as much (early, while there is little to copy).
 */
async function readNewDocuments(library: Library, progress: Progress, options: CorpusOptions, log: Log) {
  const holds = options.holds ?? (() => true);
  const { index } = progress;
  const postingsAtStart = index.postingCount;
  let read = 0;
  /** documents after the first batch, asked once */
  let rest: number | undefined;
  let room = 0;
  for (;;) {
    const batch = await library.documentsAfter(progress.mark.docSeq, BATCH, options.holds);
    for (const doc of batch) {
      progress.mark = { ...progress.mark, docSeq: doc.seq, docId: doc.id };
      // without its text: removed since it was listed (its removal comes below)
      if (holds(doc.id) && doc.full_text !== undefined) add(progress, doc.id, doc.full_text);
    }
    index.link();
    read += batch.length;
    if (batch.length < BATCH) break;
    if (!library.documentCountAfter) continue;
    const first = rest === undefined;
    rest ??= (await library.documentCountAfter(progress.mark.docSeq)) + read;
    // the rest will need about what those read needed per document
    const perDocument = (index.postingCount - postingsAtStart) / read;
    const wanted = index.postingCount + Math.ceil(Math.max(0, rest - read) * perDocument * RESERVE_MARGIN);
    const target = Math.min(wanted, index.postingCount * RESERVE_TIMES, RESERVE_MOST);
    if (!first && target < 2 * room) continue;
    room = target;
    try {
      index.reserve(target);
    } catch (error) {
      log.warn(`corpus index: no room made at once (${(error as Error).message}), growing as it goes`);
    }
  }
}

/**
 * Removals after the mark. Read after the documents: a document removed before that read was not
 * read, one removed after is here; removals are numbered like documents, so the last few are
 * looked at again too.
 */
async function readRemovals(library: Library, progress: Progress) {
  for (let after = Math.max(0, progress.mark.removalSeq - LOOKBACK); ;) {
    const batch = await library.removalsAfter(after, BATCH);
    for (const removal of batch) {
      if (progress.index.has(removal.document_id)) {
        progress.index.remove(removal.document_id);
        progress.unsavedChanges += 1;
      }
      if (removal.seq > progress.mark.removalSeq) progress.mark = { ...progress.mark, removalSeq: removal.seq, removalId: removal.document_id };
      after = removal.seq;
    }
    if (batch.length < BATCH) break;
  }
}

export function createCorpus(library: Library, options: CorpusOptions = {}) {
  const { dir, snapshotAfterChars = SNAPSHOT_AFTER_CHARS, holds = () => true } = options;
  const log = options.log ?? { info: () => undefined, warn: () => undefined };
  const progress: Progress = { index: new CorpusIndex(), mark: { docSeq: 0, docId: null, removalSeq: 0, removalId: null }, unsavedChars: 0, unsavedChanges: 0 };
  let loaded = false;
  // catching up and writing a snapshot take turns: the arrays must not change while they are written
  let queue: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work);
    queue = run.catch(() => undefined);
    return run;
  };
  let syncing: Promise<void> | undefined;

  async function catchUp() {
    if (!loaded) {
      loaded = true;
      const found = dir ? await loadSnapshot(library, dir, log) : undefined;
      if (found) Object.assign(progress, found);
    }
    await readLateDocuments(library, progress, holds);
    await readNewDocuments(library, progress, options, log);
    await readRemovals(library, progress);
    // written after this catch-up, before the next one: the check that asked goes on meanwhile
    if (dir && progress.unsavedChars >= snapshotAfterChars)
      exclusive(save).catch((error) => log.warn(`corpus snapshot not written: ${(error as Error).message}`));
  }

  async function save() {
    if (!dir || !progress.unsavedChanges) return;
    const started = Date.now();
    const changes = progress.unsavedChanges;
    await writeIndexSnapshot(dir, progress.index, progress.mark);
    progress.unsavedChars = 0;
    progress.unsavedChanges -= changes;
    log.info(`corpus snapshot written in ${Date.now() - started} ms (${progress.index.size} documents)`);
  }

  return {
    get index() {
      return progress.index;
    },
    /** Catches up with the library; concurrent callers share one pass. */
    async sync() {
      syncing ??= exclusive(catchUp).finally(() => (syncing = undefined));
      await syncing;
    },
    text: (sourceId: string) => library.documentText(sourceId),
    /** Writes what the snapshot lacks (a clean shutdown); the index is not used afterwards. */
    close: () => exclusive(save),
  };
}

export type Corpus = ReturnType<typeof createCorpus>;
