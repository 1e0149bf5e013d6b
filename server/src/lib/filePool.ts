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
   * back would only cost the server time); throws ExtractError for a file we refuse. `owner`: the
   * account it is read for, which has one file here at a time (turns).
   */
  paperText(path: string, fileName: string, maxChars: number, owner?: string): Promise<PaperText>;
  /** Reads a manuscript as the typesetting engine will; throws ExtractError when it cannot. */
  checkManuscript(path: string, fileName: string, owner?: string): Promise<void>;
  close(): Promise<void>;
}

/** What an account that sends a file while its last one is still being read (or waits its turn) is told. */
export const ONE_FILE_AT_A_TIME = '上一个文件还在读取中，请等它读完再上传';

/**
 * At most `slots` files read at once; the others wait their turn (or are sent away on close). An
 * account has one file here at a time, a second is refused (429), so that no account can fill the
 * queue; and the accounts waiting take turns, files read for no account as one of them.
 */
function turns(slots: number) {
  let free = slots;
  type Waiter = { go: () => void; refuse: (error: Error) => void };
  // by account ('' for files read for no account), in the order their turns come
  const waiting = new Map<string, Waiter[]>();
  const present = new Set<string>();
  const next = () => {
    const first = waiting.entries().next();
    if (first.done) {
      free += 1;
      return;
    }
    const [key, queue] = first.value;
    const waiter = queue.shift()!;
    // the account goes to the back of the line, behind those that waited while it was read
    waiting.delete(key);
    if (queue.length) waiting.set(key, queue);
    waiter.go();
  };
  const inTurn = async <T>(owner: string | undefined, work: () => Promise<T>): Promise<T> => {
    if (owner !== undefined) {
      if (present.has(owner)) throw new AppError(429, 'FILE_BEING_READ', ONE_FILE_AT_A_TIME, ShowType.WARN_MESSAGE, { file: ONE_FILE_AT_A_TIME });
      present.add(owner);
    }
    try {
      if (free > 0) free -= 1;
      else
        await new Promise<void>((go, refuse) => {
          const key = owner ?? '';
          waiting.set(key, [...(waiting.get(key) ?? []), { go, refuse }]);
        });
      try {
        return await work();
      } finally {
        next();
      }
    } finally {
      if (owner !== undefined) present.delete(owner);
    }
  };
  const refuseAll = (error: Error) => {
    const refused = [...waiting.values()].flat();
    waiting.clear();
    refused.forEach((w) => w.refuse(error));
  };
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

  async function run<T>(task: string, owner: string | undefined, input: { path: string; fileName: string; maxChars?: number }): Promise<T> {
    if (closed) throw restarting();
    const timeoutMs = options.timeoutMs ?? FILE_TIMEOUT_MS;
    const processes = startedProcesses();
    let finished = false;
    try {
      const answer = await inTurn(owner, () =>
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
    paperText: (path, fileName, maxChars, owner) => run('paperText', owner, { path, fileName, maxChars }),
    checkManuscript: async (path, fileName, owner) => void (await run('manuscriptCheck', owner, { path, fileName })),
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
