/**
 * Typesetting speed beside pandoc (Debian's), on the same manuscript in the same run: a
 * 60,000-character thesis with 10 images, 10 tables and 50 references, as a Word file made of
 * Debian's prose and written by LibreOffice (realThesis.ts), not by us. Ours reads it and writes the
 * template's .docx; pandoc converts it with the template's sample as its
 * reference document. The PDF step (LibreOffice laying out the pages for the contents' page
 * numbers, the PDF and its watermarked copy) is measured on its own, as pandoc has no peer for it.
 */
import { execFileSync } from 'child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'fs';
import { availableParallelism, loadavg, tmpdir } from 'os';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { SEED_FOLDER } from '../server/src/seed';
import { typeset } from '../server/src/engines/typeset/layout';
import { readManuscript } from '../server/src/engines/typeset/manuscript';
import { closeLayoutEngines, officeMissing } from '../server/src/engines/typeset/office';
import { checkTemplate } from '../server/src/engines/typeset/template';
import { writeDocx } from '../server/src/engines/typeset/writer';
import { realThesis } from './realThesis';
import { client, createTestApp, multipart } from '../tests/api/testApp';

const RUNS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const template = checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', 'general-bachelor.json'), 'utf8')));
  const dir = mkdtempSync(join(tmpdir(), 'zn-bench-'));
  const { file: input, writer } = realThesis(dir);
  const fields = { title: 'Debian 系统的使用与维护', author: '林晓', school: '示例大学' };

  const ours: number[] = [];
  // one run first: the server typesets in a long-running process, past its first call's compilation
  let output: Buffer = await writeDocx(await readManuscript(readFileSync(input), 'thesis.docx'), template, fields);
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    output = await writeDocx(await readManuscript(readFileSync(input), 'thesis.docx'), template, fields);
    ours.push(performance.now() - start);
  }
  const reference = join(dir, 'reference.docx');
  writeFileSync(reference, output);

  console.log(
    `\nTypesetting a 60,000-character thesis of Debian's prose (10 images, 10 tables, 50 references; the Word file written by ${writer}), median of ${RUNS}`,
  );
  console.log(`ours: ${median(ours).toFixed(0)} ms (${(output.length / 1024).toFixed(0)} KB .docx)`);
  try {
    const pandoc: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const start = performance.now();
      execFileSync('pandoc', [input, '-f', 'docx', '-t', 'docx', `--reference-doc=${reference}`, '-o', join(dir, 'pandoc.docx')], { stdio: 'pipe' });
      pandoc.push(performance.now() - start);
    }
    console.log(`pandoc: ${median(pandoc).toFixed(0)} ms; ratio ${(median(pandoc) / median(ours)).toFixed(2)}× (pandoc / ours)`);
  } catch (error) {
    console.log(`pandoc could not run (${(error as Error).message.split('\n')[0]}): apt-get install pandoc`);
  }

  if (officeMissing().length) {
    console.log(`PDF step not measured: apt-get install ${officeMissing().join(' ')}`);
    return;
  }
  const manuscript = await readManuscript(readFileSync(input), 'thesis.docx');
  await typeset(manuscript, template, fields); // LibreOffice's first start makes its profile
  const pdfStep: number[] = [];
  let pages = 0;
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    const result = await typeset(manuscript, template, fields, '预览');
    pdfStep.push(performance.now() - start);
    pages = result.pageCount;
  }
  console.log(
    `PDF step (LibreOffice layout for the contents' page numbers, the PDF and its watermarked copy, ${pages} pages): ${median(pdfStep).toFixed(0)} ms`,
  );
  closeLayoutEngines();

  // through the server, as a student waits: upload → first preview page, → done, → every page looked at
  const file = readFileSync(input);
  console.log(`\nThrough the server, the same thesis (${pages} pages; a page's picture is drawn when it is first asked for); load before: ${loadAverage()}`);
  console.log("first page: upload → page 1's picture received; done: the typesetting finished, every page can be shown;");
  console.log(`scrolling: then, all done, every student asks for her other ${pages - 1} pictures one after another, as when scrolling straight through`);
  const rows: Array<[string, Awaited<ReturnType<typeof serverTimes>>, Awaited<ReturnType<typeof serverTimes>>]> = [];
  for (const [name, engines] of [
    ['cold: LibreOffice started for each conversion, one job at a time (TYPESET_ENGINES=0)', 0],
    [`warm: ${availableParallelism()} engines kept running (TYPESET_ENGINES default, one per core)`, availableParallelism()],
  ] as const) {
    rows.push([name, await serverTimes(engines, 1, file), await serverTimes(engines, 4, file)]);
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  for (const [name, alone, four] of rows) {
    console.log(name);
    console.log(`  alone:      first page ${seconds(alone.first)}, done ${seconds(alone.done)}; scrolling ${seconds(alone.everyPage)}`);
    console.log(
      `  4 at once (the slowest of four): first page ${seconds(four.first)}, done ${seconds(four.done)} = ${(four.done / alone.done).toFixed(2)}× one alone; scrolling ${seconds(four.everyPage)} = ${(four.everyPage / alone.everyPage).toFixed(2)}×`,
    );
    // four theses need four times one's processor time, spread over the cores at best
    const floor = (4 * alone.busy) / availableParallelism() / (alone.done / 1000);
    console.log(
      `  processor time (the whole machine, upload to done): alone ${alone.busy.toFixed(1)} s, ${(alone.busy / (alone.done / 1000)).toFixed(2)} cores busy on average; 4 at once ${four.busy.toFixed(1)} s; four times one's on ${availableParallelism()} cores cannot take less than ${floor.toFixed(2)}× one alone`,
    );
  }
  console.log(`load after: ${loadAverage()} (${availableParallelism()} cores)`);
}

/** Seconds the machine's processors have been busy since it started (/proc/stat, in hundredths: all but idle, I/O wait and time taken by the host). */
function busySeconds(): number {
  const [user, nice, system, , , irq, softirq] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq) / 100;
}

const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

/**
 * `count` theses uploaded at once to a fresh server with `engines` LibreOffice engines (after one
 * typesetting that starts them, as on a server that has been running): from the first upload to
 * the slowest thesis's first preview page and to the last thesis done; then, all done, each
 * student asks for every other page in turn, at once: how long until the last has them all.
 */
async function serverTimes(engines: number, count: number, file: Buffer) {
  const t = await createTestApp({ typesetEngines: engines });
  try {
    const me = client(t.app);
    await me.login();
    t.app.jobs.start(20);
    const upload = async () => {
      const body = multipart(
        { title: 'Debian 系统的使用与维护', author: '林晓', school: '示例大学', templateId: 'general-bachelor' },
        { name: 'thesis.docx', data: file },
      );
      const answer = await me.call('POST', '/api/v1/typeset', body.payload, body.headers);
      if (answer.status !== 200) throw new Error(`upload refused: ${JSON.stringify(answer.body)}`);
      return answer.body.result.id as string;
    };
    const picture = async (id: string, page: number) => {
      const answer = await me.get(`/api/v1/typeset/${id}/preview/${page}.png`);
      if (answer.status !== 200) throw new Error(`page ${page}: ${answer.status}`);
    };
    /**
     * upload → the typesetting done → its first page's picture received. The page asks the server
     * every 2 s; to see the moment it is done, the benchmark looks at the row itself every 50 ms
     * (asking through HTTP that often took a tenth of a core from the typesetting it measures).
     */
    const watch = async (id: string, start: number) => {
      for (;;) {
        const row = await t.app.db.selectFrom('typesets').select(['status', 'failure_reason', 'preview_pages']).where('id', '=', id).executeTakeFirstOrThrow();
        if (row.status === 'failed') throw new Error(row.failure_reason ?? 'failed');
        if (row.status === 'done') {
          const done = performance.now() - start;
          await picture(id, 1);
          return { first: performance.now() - start, done, pages: row.preview_pages };
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    /** every other page asked for in turn, as a student scrolling straight through */
    const scroll = async (id: string, pages: number) => {
      for (let page = 2; page <= pages; page += 1) await picture(id, page);
    };
    const first = await upload();
    await scroll(first, (await watch(first, performance.now())).pages);
    const start = performance.now();
    const busyBefore = busySeconds();
    const ids = await Promise.all(Array.from({ length: count }, upload));
    const times = await Promise.all(ids.map((id) => watch(id, start)));
    const busy = busySeconds() - busyBefore;
    // then every student scrolls through her whole thesis at once
    const scrolling = performance.now();
    await Promise.all(ids.map((id, i) => scroll(id, times[i].pages)));
    const slowest = (key: 'first' | 'done') => Math.max(...times.map((x) => x[key]));
    return { first: slowest('first'), done: slowest('done'), everyPage: performance.now() - scrolling, busy };
  } finally {
    await t.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
