/**
 * The library's index in shards, so that a library larger than one machine's memory can be checked:
 * a document belongs to shard crc32(id) mod count, which every process works out alike without
 * asking; a process holds some shards, each a corpus with its own snapshot. With one shard (the
 * default) that is the whole library, kept in `DATA_DIR/index` as before. How a review runs over
 * shards is in job.ts.
 */
import { join } from 'path';
import { crc32 } from 'zlib';
import type { Config } from '../../config';
import { createCorpus, type Corpus, type CorpusOptions, type Library } from './corpus';

export const shardOf = (documentId: string, count: number) => crc32(documentId) % count;

/** `dataDir`: where the snapshots live; without it every process indexes the library afresh. */
export function createCorpusShards(library: Library, shards: Config['shards'], options: { dataDir?: string; log?: CorpusOptions['log'] } = {}) {
  const { dataDir } = options;
  const { count } = shards;
  const whole = count === 1;
  const corpora = new Map<number, Corpus>(
    shards.held.map((shard) => [
      shard,
      createCorpus(library, {
        dir: dataDir && (whole ? join(dataDir, 'index') : join(dataDir, 'index', `shard-${shard}-of-${count}`)),
        holds: whole ? undefined : (id) => shardOf(id, count) === shard,
        log: options.log,
      }),
    ]),
  );
  const each = async (work: (corpus: Corpus) => Promise<void>) => {
    await Promise.all([...corpora.values()].map(work));
  };
  return {
    count,
    /** how long a shard's part of a check waits for a process that holds it (Config.shards) */
    waitMs: shards.waitMs,
    /** the shards this process holds, by number */
    corpora,
    /** Catches every held shard up with the library. */
    sync: () => each((corpus) => corpus.sync()),
    /** Writes what the snapshots lack (a clean shutdown). */
    close: () => each((corpus) => corpus.close()),
  };
}

export type CorpusShards = ReturnType<typeof createCorpusShards>;
