/**
 * Untrusted files are read off the event loop, from where the upload put them on disk: a small pool of worker threads (piscina), each
 * with a heap cap, and a time limit per file. A file that takes too long or too much memory is
 * refused with a Chinese reason, and the server keeps answering everyone else meanwhile.
 */
import { availableParallelism } from 'os';
import { join } from 'path';
import Piscina from 'piscina';
import { MessageChannel } from 'worker_threads';
import { ExtractError, READ_TIMEOUT } from '../engines/text/extract';
import { AppError, ShowType } from './errors';

const FILE_TIMEOUT_MS = 60_000;

/**
 * When what a file's reading starts (the PDF reader's process) is ended: a little before the pool
 * gives up on the file, so that the thread is still there to end it and say why (the process also
 * ends itself then, and when the thread is ended: engines/text/extract.ts).
 */
const readByFor = (timeoutMs: number) => Date.now() + timeoutMs - Math.min(5_000, timeoutMs / 10);

export interface PaperText {
  charCount: number;
  /** absent when the paper has more than the characters asked for */
  text?: string;
  /** the title as the file's layout shows it (engines/text/extract.ts) */
  title?: string;
}

export interface FilePool {
  /**
   * A paper's character count, and its text when it has at most maxChars (sending a longer one
   * back would only cost the server time); throws ExtractError for a file we refuse.
   */
  paperText(path: string, fileName: string, maxChars: number): Promise<PaperText>;
  /** Reads a manuscript as the typesetting engine will; throws ExtractError when it cannot. */
  checkManuscript(path: string, fileName: string): Promise<void>;
  close(): Promise<void>;
}

/** At most `slots` at once; the others wait their turn in order (or are sent away on close). */
function turns(slots: number) {
  let free = slots;
  const waiting: { go: () => void; refuse: (error: Error) => void }[] = [];
  const inTurn = async <T>(work: () => Promise<T>): Promise<T> => {
    if (free > 0) free -= 1;
    else await new Promise<void>((go, refuse) => waiting.push({ go, refuse }));
    try {
      return await work();
    } finally {
      const next = waiting.shift();
      if (next) next.go();
      else free += 1;
    }
  };
  const refuseAll = (error: Error) => waiting.splice(0).forEach((w) => w.refuse(error));
  return { inTurn, refuseAll };
}

/**
 * The processes a file's reading has started and that still run, as its thread tells of them
 * (engines/text/extract.ts, ReadOptions): ending a worker thread does not end them, so a reading
 * that did not finish (its time was up, the server stops) ends them here.
 */
function startedProcesses() {
  const { port1, port2 } = new MessageChannel();
  const running = new Set<number>();
  port1.on('message', ({ pid, running: started }: { pid: number; running: boolean }) => void (started ? running.add(pid) : running.delete(pid)));
  port1.unref();
  return {
    /** for the worker thread (the task's `processes`) */
    port: port2,
    end(finished: boolean) {
      port1.close();
      if (finished) return;
      for (const pid of running) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // ended meanwhile
        }
      }
    },
  };
}

/** What an upload under way is told when the server stops: nothing was kept, try again shortly. */
const restarting = () => new AppError(503, 'RESTARTING', '服务器正在重启，文件没有保存，请稍后重新上传', ShowType.ERROR_MESSAGE);

export function createFilePool(options: { threads?: number; heapMb?: number; timeoutMs?: number } = {}): FilePool {
  const threads = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const pool = new Piscina({
    filename: join(__dirname, 'fileWorker.cjs'),
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 30_000,
    // a 15 MB text's characters and tokens live on the heap (about 1 GB at most): past the cap
    // the worker dies, not the server
    resourceLimits: { maxOldGenerationSizeMb: options.heapMb ?? 1536 },
  });
  // files wait here rather than in the pool, so that a file's time limit starts when it is read
  const { inTurn, refuseAll } = turns(threads);
  let closed = false;

  async function run<T>(task: string, input: { path: string; fileName: string; maxChars?: number }): Promise<T> {
    if (closed) throw restarting();
    const timeoutMs = options.timeoutMs ?? FILE_TIMEOUT_MS;
    const processes = startedProcesses();
    let finished = false;
    try {
      const answer = await inTurn(() =>
        pool.run(
          { task, ...input, readBy: readByFor(timeoutMs), processes: processes.port },
          { signal: AbortSignal.timeout(timeoutMs), transferList: [processes.port] },
        ),
      );
      finished = true;
      if (!answer.ok) throw new ExtractError(answer.reason);
      return answer as T;
    } catch (error) {
      if (error instanceof ExtractError || error instanceof AppError) throw error;
      if (closed) throw restarting();
      const { name, code } = error as { name?: string; code?: string };
      if (name === 'AbortError' || name === 'TimeoutError') throw new ExtractError(READ_TIMEOUT);
      if (code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ExtractError('文件过于复杂，无法读取，请精简后重新上传');
      throw error;
    } finally {
      processes.end(finished);
    }
  }

  return {
    paperText: (path, fileName, maxChars) => run('paperText', { path, fileName, maxChars }),
    checkManuscript: async (path, fileName) => void (await run('manuscriptCheck', { path, fileName })),
    /** Stops at once: files waiting or being read are refused (503), none is half kept. */
    async close() {
      closed = true;
      refuseAll(restarting());
      // ends the threads now (close() would wait for the files being read, 60 s at worst); the
      // processes they started are ended as their readings are refused (startedProcesses)
      await pool.destroy();
    },
  };
}
