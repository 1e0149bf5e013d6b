/**
 * Check capacity from `npm run worker` processes: a burst of paid checks against a web server that
 * runs none itself (RUN_JOBS=0), done by one worker and then by two, each on a fresh server and
 * database. The workers are started and warmed up first (one check each), then paused while the
 * burst is paid for, so the clock runs from the moment they go on to the last report. Prints checks
 * per minute and the ratio. On PostgreSQL:
 *   scripts/with-postgres.sh npm run bench:workers
 *   npm run bench:workers     (BENCH_CHECKS=50)
 */
import { cpus } from 'os';
import { performance } from 'perf_hooks';
import { httpClient, paidCheck, serverFixture } from '../tests/resilience/server';

/** At most 50: the burst is counted in one page of the review list (its largest). */
const CHECKS = Math.min(50, Number(process.env.BENCH_CHECKS ?? 50));

/** A paper of about 50,000 characters: its own text, with passages of library documents among it. */
const paper = (n: number, copied: string[]) =>
  Array.from(
    { length: 1400 },
    (_, i) => `第${i + 1}段（稿${n}）：县域中学课后服务的经费、课程与教师激励，观察记录之${i * 7 + n}。${i % 280 === 0 ? copied[i / 280] : ''}`,
  ).join('\n');

async function burst(workers: number) {
  const server = await serverFixture({ RUN_JOBS: '0' });
  try {
    const { url } = await server.start();
    const browser = httpClient(url);
    await browser.login();
    const documents = (await browser.get('/api/v1/document?pageSize=5')).body.result.list as Array<{ id: string }>;
    const copied = await Promise.all(
      documents.map(async (d) => ((await browser.get(`/api/v1/document/${d.id}`)).body.result.fullText as string).slice(100, 700)),
    );
    const done = async () =>
      ((await browser.get(`/api/v1/review?pageSize=50`)).body.result.list as Array<{ status: string }>).filter((r) => r.status === 'done').length;
    const until = async (count: number) => {
      for (const deadline = Date.now() + 600_000; (await done()) < count;) {
        if (Date.now() > deadline) throw new Error('checks not done in 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };

    const started = Array.from({ length: workers }, () => server.startWorker());
    // warm-up: each worker loads, indexes the library and runs a check before the clock starts
    for (let i = 0; i < workers; i += 1) await paidCheck(browser, url, paper(-1 - i, copied));
    await until(workers);
    for (const worker of started) worker.child.kill('SIGSTOP');
    for (let i = 0; i < CHECKS; i += 1) await paidCheck(browser, url, paper(i, copied));
    const clock = performance.now();
    for (const worker of started) worker.child.kill('SIGCONT');
    // the newest 50 reviews: the whole burst, and warm-up checks (done) if it is smaller
    await until(Math.min(50, workers + CHECKS));
    const seconds = (performance.now() - clock) / 1000;
    for (const worker of started) worker.child.kill('SIGTERM');
    return seconds;
  } finally {
    await server.close();
  }
}

async function main() {
  const one = await burst(1);
  const two = await burst(2);
  const rate = (seconds: number) => `${((CHECKS / seconds) * 60).toFixed(0)} checks/min`;
  console.log(`${CHECKS} paid checks, ${/^postgres/.test(process.env.TEST_DATABASE_URL ?? '') ? 'PostgreSQL' : 'SQLite'}:`);
  console.log(`1 worker : ${one.toFixed(1)} s (${rate(one)})`);
  console.log(`2 workers: ${two.toFixed(1)} s (${rate(two)})`);
  console.log(
    `ratio: ${(one / two).toFixed(2)}× the throughput with two workers (on this machine's ${cpus().length} cores, shared with the server and the database)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
