/**
 * Untrusted files are read off the event loop: a small pool of worker threads (piscina), each
 * with a heap cap, and a time limit per file. A file that takes too long or too much memory is
 * refused with a Chinese reason, and the server keeps answering everyone else meanwhile.
 */
import { availableParallelism } from 'os';
import { join } from 'path';
import Piscina from 'piscina';
import { ExtractError } from '../engines/similarity/extract';

const FILE_TIMEOUT_MS = 60_000;

export interface FilePool {
  /** The text of a paper and its character count; throws ExtractError for a file we refuse. */
  paperText(data: Buffer, fileName: string): Promise<{ text: string; charCount: number }>;
  close(): Promise<void>;
}

export function createFilePool(options: { threads?: number; heapMb?: number; timeoutMs?: number } = {}): FilePool {
  const pool = new Piscina({
    filename: join(__dirname, 'fileWorker.cjs'),
    minThreads: 0,
    maxThreads: options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
    idleTimeout: 30_000,
    // strings and the parse trees live on the heap: past this the worker dies, not the server
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 768 },
  });

  async function run<T>(task: string, data: Buffer, fileName: string): Promise<T> {
    try {
      const answer = await pool.run({ task, data, fileName }, { signal: AbortSignal.timeout(options.timeoutMs ?? FILE_TIMEOUT_MS) });
      if (!answer.ok) throw new ExtractError(answer.reason);
      return answer as T;
    } catch (error) {
      if (error instanceof ExtractError) throw error;
      const { name, code } = error as { name?: string; code?: string };
      if (name === 'AbortError' || name === 'TimeoutError') throw new ExtractError('文件过于复杂，读取超时，请检查文件后重新上传');
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ExtractError('文件过于复杂，无法读取，请精简后重新上传');
      throw error;
    }
  }

  return {
    paperText: (data, fileName) => run('paperText', data, fileName),
    close: () => pool.close({ force: true }),
  };
}
