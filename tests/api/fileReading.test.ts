/**
 * The processes that read untrusted files: a PDF that keeps pdf.js busy for many minutes (one page
 * listed 200,000 times) is refused when its time is up, and its reader's process is gone then too,
 * or as soon as the server stops or dies, whichever comes first. An account has one file read at a
 * time: it cannot make everyone else's wait behind a row of its own.
 */
import { execFileSync, spawn } from 'child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { READ_TIMEOUT } from '../../server/src/engines/text/extract';
import { createFilePool, ONE_FILE_AT_A_TIME, type FilePool } from '../../server/src/lib/filePool';
import { client, createTestApp, multipart } from './testApp';

/** A small PDF whose page tree lists one page `pages` times: pdf.js reads it for many minutes. */
export function pageBomb(pages = 200_000): Buffer {
  const stream = 'BT /F1 12 Tf 72 720 Td (A page of text) Tj ET';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array(pages).fill('3 0 R').join(' ')}] /Count ${pages} >>`,
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** The PDF readers (pdfWorker.js) that the process `parent` started and that still run. */
function readersOf(parent: number): number[] {
  let listed: string;
  try {
    listed = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(parent)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there is none
  }
  return listed
    .split('\n')
    .filter((line) => line.includes('pdfWorker.js'))
    .map((line) => Number(line.trim().split(/\s+/)[0]));
}

/** Whether the process runs still: an ended one whose parent thread is gone stays listed, as a zombie (Z), until the server exits. */
function running(pid: number) {
  try {
    return !execFileSync('ps', ['-o', 'stat=', '-p', String(pid)], { encoding: 'utf8' })
      .trim()
      .startsWith('Z');
  } catch {
    return false; // not listed at all
  }
}

/** CPU seconds the process has used. */
const cpuSeconds = (pid: number) => Number(execFileSync('ps', ['-o', 'times=', '-p', String(pid)], { encoding: 'utf8' }).trim());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(find: () => T | undefined, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error('not found in time');
    await sleep(100);
  }
}

let dir: string;
let bomb: string;
let pool: FilePool | undefined;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'zn-reading-'));
  bomb = join(dir, 'bomb.pdf');
  writeFileSync(bomb, pageBomb());
});
afterEach(async () => {
  await pool?.close();
  pool = undefined;
  for (const pid of readersOf(process.pid)) process.kill(pid, 'SIGKILL');
}, 30_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A pool whose thread has loaded the readers already, so that a file's time goes to the file. */
async function warmPool(timeoutMs: number) {
  const warm = createFilePool({ threads: 1, timeoutMs });
  const small = join(dir, 'small.txt');
  writeFileSync(small, '一篇很短的论文。');
  await warm.paperText(small, 'small.txt', 100_000).catch(() => undefined);
  return warm;
}

/** The first PDF reader the process `parent` runs, when it appears. */
const firstReader = (parent: number, ms = 20_000) => until(() => readersOf(parent)[0], ms);

test('a PDF still being read when its time is up is refused, and its reader process has ended by then', async () => {
  pool = await warmPool(8_000);
  const started = Date.now();
  const reading = pool.paperText(bomb, 'bomb.pdf', 100_000).catch((error: Error) => error);
  const reader = await firstReader(process.pid);
  const refused = await reading;
  expect(refused).toMatchObject({ message: READ_TIMEOUT });
  expect(Date.now() - started).toBeLessThan(9_000);
  await until(() => (running(reader) ? undefined : true), 500);
}, 60_000);

test('a reader process ends as soon as the server stops, long before its time is up', async () => {
  pool = await warmPool(120_000);
  const reading = pool.paperText(bomb, 'bomb.pdf', 100_000).catch((error: Error) => error);
  const reader = await firstReader(process.pid);
  await pool.close();
  expect(await reading).toMatchObject({ statusCode: 503 });
  await until(() => (running(reader) ? undefined : true), 10_000);
}, 60_000);

test('a reader process ends as soon as the server dies, killed with no chance to clean up', async () => {
  const extract = require.resolve('../../server/src/engines/text/extract.ts');
  const server = spawn(
    process.execPath,
    ['--require', 'tsx/cjs', '-e', `require(${JSON.stringify(extract)}).extractPaper(require('fs').readFileSync(${JSON.stringify(bomb)}), 'bomb.pdf')`],
    { stdio: 'ignore' },
  );
  try {
    const reader = await firstReader(server.pid!, 40_000);
    // busy on the pages by then: it has read the whole file, and stopped listening for anything
    await until(() => (cpuSeconds(reader) >= 3 ? true : undefined), 40_000);
    server.kill('SIGKILL');
    await until(() => (running(reader) ? undefined : true), 10_000);
  } finally {
    server.kill('SIGKILL');
  }
}, 60_000);

test('an account whose file is still being read is told to wait for it (429)', async () => {
  const t = await createTestApp();
  try {
    const own = client(t.app);
    await own.login();
    const upload = (name: string, data: Buffer) => {
      const body = multipart({}, { name, data });
      return own.call('POST', '/api/v1/review/paper', body.payload, body.headers);
    };
    const answers: Array<Awaited<ReturnType<typeof upload>>> = [];
    const bombs = Array.from({ length: 4 }, () => upload('bomb.pdf', pageBomb()).then((res) => void answers.push(res)));
    await until(() => (answers.length >= 3 ? true : undefined), 20_000);
    for (const res of answers) {
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ success: false, errorCode: 'FILE_BEING_READ', message: ONE_FILE_AT_A_TIME, errors: { file: ONE_FILE_AT_A_TIME } });
    }
    // the one being read is refused as the server stops
    await t.app.close();
    await Promise.all(bombs);
    expect(answers[3].status).toBe(503);
  } finally {
    await t.close().catch(() => undefined);
  }
}, 60_000);

test("a manuscript is read in its account's turn too: sent while the account's paper is read, it is told to wait", async () => {
  const t = await createTestApp();
  try {
    const own = client(t.app);
    await own.login();
    const paper = multipart({}, { name: 'bomb.pdf', data: pageBomb() });
    const reading = own.call('POST', '/api/v1/review/paper', paper.payload, paper.headers);
    // the paper is in the pool by the time its reader starts
    await firstReader(process.pid, 20_000);
    const manuscript = multipart({ templateId: 'general-bachelor', title: '题目', author: '林晓' }, { name: '稿件.md', data: Buffer.from('# 引言\n\n正文。') });
    const res = await own.call('POST', '/api/v1/typeset', manuscript.payload, manuscript.headers);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({ errorCode: 'FILE_BEING_READ', errors: { file: ONE_FILE_AT_A_TIME } });
    await t.app.close();
    await reading;
  } finally {
    await t.close().catch(() => undefined);
  }
}, 60_000);

test('an account may send its next file once the last one is read', async () => {
  pool = await warmPool(20_000);
  const paper = join(dir, 'paper.txt');
  writeFileSync(paper, '一篇短论文的正文。');
  await expect(pool.paperText(paper, 'paper.txt', 100_000, 'someone')).resolves.toMatchObject({ charCount: expect.any(Number) });
  await expect(pool.paperText(paper, 'paper.txt', 100_000, 'someone')).resolves.toMatchObject({ charCount: expect.any(Number) });
}, 60_000);

test('accounts waiting take turns: files read for no account wait as one of them', async () => {
  pool = await warmPool(6_000);
  const paper = join(dir, 'paper.txt');
  writeFileSync(paper, '一篇短论文的正文。');
  const order: string[] = [];
  const read = (name: string, file: string, owner?: string) =>
    pool!.paperText(file, file.endsWith('.pdf') ? 'bomb.pdf' : 'paper.txt', 100_000, owner).then(
      () => void order.push(name),
      () => void order.push(name),
    );
  const reading = [read('bomb', bomb, 'a'), read('first unowned', paper), read('second unowned', paper), read('b', paper, 'b')];
  await Promise.all(reading);
  expect(order).toEqual(['bomb', 'first unowned', 'b', 'second unowned']);
}, 60_000);
