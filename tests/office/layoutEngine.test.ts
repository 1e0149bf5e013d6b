/**
 * The warm layout engine (`npm run test:office`): LibreOffice kept running, several typesettings
 * at once, and LibreOffice killed in the middle of one: the job still finishes (the engine is
 * started again and the conversion tried once more), a second loss fails it with a Chinese reason
 * that the job's failure path records, and the next job works. Through HTTP where a student sees it.
 */
import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';
import { SEED_FOLDER } from '../../server/src/seed';
import { typeset } from '../../server/src/engines/typeset/layout';
import { readManuscript } from '../../server/src/engines/typeset/manuscript';
import { closeLayoutEngines, ENGINE_FAILED, layoutEnginePids, readPdf, setLayoutEngines } from '../../server/src/engines/typeset/office';
import { checkTemplate } from '../../server/src/engines/typeset/template';
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';
import { longThesis } from '../fixtures/longThesis';
import { client, createTestApp, multipart } from '../api/testApp';

const template = checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', 'general-bachelor.json'), 'utf8')));

/** Kills every LibreOffice engine that runs, each time one is seen, `times` times in all; resolves with how many it killed. */
function killEngines(times: number): { stop(): void; killed: Promise<number> } {
  let killed = 0;
  let timer: NodeJS.Timeout;
  const seen = new Set<number>();
  const killed$ = new Promise<number>((resolve) => {
    timer = setInterval(() => {
      for (const group of layoutEnginePids()) {
        if (seen.has(group) || killed >= times) continue;
        seen.add(group);
        process.kill(-group, 'SIGKILL');
        killed += 1;
      }
      if (killed >= times) {
        clearInterval(timer);
        resolve(killed);
      }
    }, 20);
  });
  return { stop: () => (clearInterval(timer), undefined), killed: killed$ };
}

afterEach(() => closeLayoutEngines());

test('four typesettings at once on two engines all finish, each with its PDF and every preview page', async () => {
  setLayoutEngines(2);
  const manuscript = await readManuscript(await longThesis(), 'thesis.docx');
  const results = await Promise.all([1, 2, 3, 4].map((n) => typeset(manuscript, template, { ...FIELDS, title: `论文${n}` }, '预览')));
  for (const [i, result] of results.entries()) {
    expect(result.pdf!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(result.previewPdf!.subarray(0, 5).toString()).toBe('%PDF-');
    expect(result.pageCount).toBeGreaterThan(5);
    expect(result.pageCount).toBe(results[0].pageCount);
    expect(result.contentsPages).toEqual(results[0].contentsPages);
    expect(result.docx.toString('latin1')).not.toBe(results[(i + 1) % 4].docx.toString('latin1'));
  }
});

test('the layout is heard of as soon as it exists, and the preview PDF has the pages of the PDF', async () => {
  setLayoutEngines(1);
  let laidOut = 0;
  const result = await typeset(await readManuscript(await wordManuscript(), 'paper.docx'), template, FIELDS, '预览', () => {
    laidOut += 1;
  });
  expect(laidOut).toBe(1);
  expect((await readPdf(result.previewPdf!)).pages).toHaveLength(result.pageCount);
  expect((await readPdf(result.pdf!)).pages).toHaveLength(result.pageCount);
});

test('LibreOffice killed during a typesetting: it is started again and the typesetting finishes; then the next one works', async () => {
  setLayoutEngines(1);
  const manuscript = await readManuscript(await longThesis(), 'thesis.docx');
  const killer = killEngines(1);
  const result = await typeset(manuscript, template, FIELDS, '预览');
  expect(await killer.killed).toBe(1);
  expect(result.pageCount).toBeGreaterThan(5);
  const next = await typeset(manuscript, template, FIELDS, '预览');
  expect(next.pageCount).toBe(result.pageCount);
});

test('LibreOffice lost twice on one document: the typesetting fails with a Chinese reason, and the next one works', async () => {
  setLayoutEngines(1);
  // a long thesis: each conversion outlasts the killer's look (a short one can finish first)
  const manuscript = await readManuscript(await longThesis(), 'thesis.docx');
  const killer = killEngines(2);
  await expect(typeset(manuscript, template, FIELDS, '预览')).rejects.toThrow(ENGINE_FAILED);
  killer.stop();
  expect((await typeset(manuscript, template, FIELDS, '预览')).pageCount).toBeGreaterThan(2);
});

test('through HTTP: a job whose LibreOffice is killed still finishes with its preview; one that loses it every time is marked failed, in Chinese', async () => {
  const t = await createTestApp({ typesetEngines: 1 });
  try {
    const me = client(t.app);
    await me.login();
    const submit = async (data?: Buffer) => {
      const body = multipart({ ...FIELDS, templateId: 'general-bachelor' }, { name: 'paper.docx', data: data ?? (await wordManuscript()) });
      return (await me.call('POST', '/api/v1/typeset', body.payload, body.headers)).body.result.id as string;
    };

    const first = await submit();
    const killer = killEngines(1);
    await t.app.jobs.drain();
    expect(await killer.killed).toBe(1);
    const done = (await me.get(`/api/v1/typeset/${first}`)).body.result;
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    expect(done.previewPages).toBeGreaterThan(2);
    expect((await me.get(`/api/v1/typeset/${first}/preview/1.png`)).status).toBe(200);

    // every attempt loses LibreOffice twice: after the runner's last attempt the job is given up
    // (a long thesis, whose conversions outlast the killer's look)
    const second = await submit(await longThesis());
    const always = killEngines(1000);
    await t.app.jobs.drain();
    always.stop();
    const failed = (await me.get(`/api/v1/typeset/${second}`)).body.result;
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toContain(ENGINE_FAILED);

    const third = await submit();
    await t.app.jobs.drain();
    expect((await me.get(`/api/v1/typeset/${third}`)).body.result.status).toBe('done');
  } finally {
    await t.close();
  }
});

/** A PNG's width and height, from its header. */
const sizeOf = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

test('through HTTP: the preview pages are drawn when asked for, each an A4 page 794 px wide, pages asked for at once each drawn right', async () => {
  const t = await createTestApp({ typesetEngines: 1 });
  try {
    const me = client(t.app);
    await me.login();
    const body = multipart(
      { ...FIELDS, templateId: 'general-bachelor' },
      { name: 'thesis.docx', data: await longThesis({ chapters: 8, characters: 30_000, references: 20 }) },
    );
    const id = (await me.call('POST', '/api/v1/typeset', body.payload, body.headers)).body.result.id as string;
    expect((await me.get(`/api/v1/typeset/${id}/preview/1.png`)).status).toBe(409);
    await t.app.jobs.drain();
    const done = (await me.get(`/api/v1/typeset/${id}`)).body.result;
    expect(done).toMatchObject({ status: 'done', progress: 100 });
    expect(done.previewPages).toBeGreaterThan(8);

    // every page at once, as a fast scroll asks for them: each a picture, and no two the same
    const pages = (await Promise.all(Array.from({ length: done.previewPages }, (_, i) => me.get(`/api/v1/typeset/${id}/preview/${i + 1}.png`)))).map(
      (answer) => answer.raw,
    );
    for (const page of pages) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('image/png');
      expect(sizeOf(page.rawPayload)).toEqual({ width: 794, height: 1123 });
    }
    expect(new Set(pages.map((page) => page.rawPayload.toString('base64'))).size).toBe(done.previewPages);
    // asked for again: the same picture
    const again = (await me.get(`/api/v1/typeset/${id}/preview/${done.previewPages}.png`)).raw;
    expect(again.rawPayload.equals(pages[done.previewPages - 1].rawPayload)).toBe(true);
    expect((await me.get(`/api/v1/typeset/${id}/preview/${done.previewPages + 1}.png`)).status).toBe(404);
  } finally {
    await t.close();
  }
});

/** Whether a process group still has a process. */
function groupAlive(group: number) {
  try {
    process.kill(-group, 0);
    return true;
  } catch {
    return false;
  }
}

test('through HTTP: deleting a typesetting while LibreOffice lays it out stops it at once: LibreOffice killed, its job marked cancelled, nothing written', async () => {
  const t = await createTestApp({ typesetEngines: 1 });
  try {
    const me = client(t.app);
    await me.login();
    const body = multipart({ ...FIELDS, templateId: 'general-bachelor' }, { name: 'thesis.docx', data: await longThesis() });
    const id = (await me.call('POST', '/api/v1/typeset', body.payload, body.headers)).body.result.id as string;
    const run = t.app.jobs.runOnce();
    // the manuscript read and LibreOffice at work on it
    const deadline = Date.now() + 60_000;
    while (!((await me.get(`/api/v1/typeset/${id}`)).body.result.progress >= 20 && layoutEnginePids().length) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20));
    const [group] = layoutEnginePids();
    expect(group).toBeDefined();
    await new Promise((r) => setTimeout(r, 300));

    expect((await me.call('DELETE', `/api/v1/typeset/${id}`)).body.message).toBe('排版记录和文件已删除');
    const deletedAt = Date.now();
    await run;
    expect(Date.now() - deletedAt).toBeLessThan(3000);
    // killed: gone once reaped
    for (let waited = 0; groupAlive(group) && waited < 2000; waited += 50) await new Promise((r) => setTimeout(r, 50));
    expect(groupAlive(group)).toBe(false);
    expect(await t.app.db.selectFrom('jobs').selectAll().where('kind', '=', 'typeset').where('ref_id', '=', id).executeTakeFirstOrThrow()).toMatchObject({
      status: 'cancelled',
      locked_until: null,
    });
    const row = await t.app.db.selectFrom('typesets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ output_key: null, pdf_key: null, preview_key: null, manuscript_key: null });
    expect(row.status).not.toBe('done');
    const folder = join(t.config.dataDir, 'files', 'typesets');
    expect(readdirSync(folder, { recursive: true }).filter((name) => String(name).includes(id))).toEqual([]);
  } finally {
    await t.close();
  }
});
