/**
 * A template's sample pages (样张) as the student sees them (`npm run test:office`): drawn by the
 * layout engine that lays out a thesis, through HTTP. For every template the sample obeys the
 * template's own rules (the cover, the abstracts, the contents and each chapter start a page of
 * their own, read per page with pdftotext), the served pictures are the pages of the sample's PDF
 * (as many, and each the same picture), and requests that come at once make the sample once.
 */
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { inflateSync } from 'zlib';
import { SEED_FOLDER } from '../../server/src/seed';
import { checkTemplate, hasTitleBlock, type Template } from '../../server/src/engines/typeset/template';
import { sampleFields } from '../../server/src/modules/typeset/sample';

/** How often the service typeset a document: the layout module, counted (doMock below). */
const mockTypesetCalls = { count: 0 };
// called by another name: the test transformer hands a file that names jest's doMock directly to Babel, which cannot read its types
const { doMock } = jest;
doMock('../../server/src/engines/typeset/layout', () => {
  const actual = jest.requireActual('../../server/src/engines/typeset/layout');
  return { ...actual, typeset: (...args: Parameters<typeof actual.typeset>) => (mockTypesetCalls.count++, actual.typeset(...args)) };
});
// loaded after the mock, anew (the seed imported above already loaded the service), so that the service typesets through it
jest.resetModules();
type Loaded = typeof import('../api/testApp') & typeof import('../../server/src/engines/typeset/office');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (): Loaded => ({ ...require('../api/testApp'), ...require('../../server/src/engines/typeset/office') });

const templates = readdirSync(join(SEED_FOLDER, 'templates')).map((file) =>
  checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', file), 'utf8'))),
);

/** Grey levels of a PNG this server wrote (8 bits, grey or RGB, each row unfiltered), and its size. */
function pixelsOf(png: Buffer) {
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const channels = png[25] === 2 ? 3 : 1;
  const data: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') data.push(png.subarray(at + 8, at + 8 + length));
    at += length + 12;
  }
  const rows = inflateSync(Buffer.concat(data));
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * channels + 1);
    expect(rows[row]).toBe(0);
    for (let x = 0; x < width; x += 1) grey[y * width + x] = rows[row + 1 + x * channels];
  }
  return { width, height, grey };
}

/** The share of pixels of two pictures of one size that differ visibly. */
function difference(a: Buffer, b: Buffer) {
  const [p, q] = [pixelsOf(a), pixelsOf(b)];
  expect([p.width, p.height]).toEqual([q.width, q.height]);
  let differ = 0;
  for (let i = 0; i < p.grey.length; i += 1) if (Math.abs(p.grey[i] - q.grey[i]) > 48) differ += 1;
  return differ / p.grey.length;
}

const bare = (text: string) => text.replace(/\s+/g, '');

/** The first line of a page below its running header: where the page's own text starts. */
function firstLine(page: string, template: Template) {
  const fields = sampleFields(template.language) as Record<string, string>;
  const header = bare(template.header.replace(/\{(\w+)\}/g, (_, name: string) => fields[name] ?? ''));
  return (
    page
      .split('\n')
      .map(bare)
      .find((line) => line && line !== header) ?? ''
  );
}

let loaded: Loaded;
let app: Awaited<ReturnType<Loaded['createTestApp']>>;
beforeAll(async () => {
  loaded = load();
  app = await loaded.createTestApp({ typesetEngines: 1 });
});
afterAll(async () => {
  await app?.close();
  loaded?.closeLayoutEngines();
});

test('requests that come at once for a sample make it once; later ones are served from the cache', async () => {
  const me = loaded.client(app.app);
  const before = mockTypesetCalls.count;
  const answers = await Promise.all([1, 2, 3].map(() => me.get('/api/v1/typeset/template/general-master/sample')));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
  expect(new Set(answers.map((a) => JSON.stringify(a.body.result))).size).toBe(1);
  expect(mockTypesetCalls.count - before).toBe(1);
  await me.get('/api/v1/typeset/template/general-master/sample.docx');
  await me.get('/api/v1/typeset/template/general-master/sample/1.png?w=400');
  expect(mockTypesetCalls.count - before).toBe(1);
});

test('a new version of a template draws its sample anew, at a new address', async () => {
  const me = loaded.client(app.app);
  const url = '/api/v1/typeset/template/journal-gbt7714/sample';
  const first = (await me.get(url)).body.result;
  const before = mockTypesetCalls.count;
  const row = await app.app.db.selectFrom('templates').selectAll().where('id', '=', 'journal-gbt7714').executeTakeFirstOrThrow();
  // the journal's sample is one page, whose title block stands in for the running header: its references are renamed
  const spec = JSON.parse(row.spec);
  const edited = { ...spec, references: { ...spec.references, title: '样张参考文献新版' } };
  await app.app.db
    .updateTable('templates')
    .set({ spec: JSON.stringify(edited) })
    .where('id', '=', 'journal-gbt7714')
    .execute();
  const second = (await me.get(url)).body.result;
  expect(second.version).not.toBe(first.version);
  expect(mockTypesetCalls.count - before).toBe(1);
  const docx = await me.get(`${url}.docx`);
  const text = (await loaded.readPdf((await loaded.docxToPdf({ sample: docx.raw.rawPayload })).sample)).pages.join('\n');
  expect(bare(text)).toContain('样张参考文献新版');
  await app.app.db.updateTable('templates').set({ spec: row.spec }).where('id', '=', 'journal-gbt7714').execute();
});

describe.each(templates.map((t) => [t.id, t] as const))('%s', (id, template) => {
  test('its sample starts the cover, the abstracts, the contents and each chapter on a page of their own, and the pictures served are the pages of its PDF', async () => {
    const me = loaded.client(app.app);
    const info = await me.get(`/api/v1/typeset/template/${id}/sample`);
    expect(info.status).toBe(200);
    const { pages, version, widths } = info.body.result as { pages: number; version: string; widths: number[] };
    expect(widths.length).toBeGreaterThan(1);

    // the sample's own PDF, laid out anew from the .docx the same route family serves
    const docx = await me.get(`/api/v1/typeset/template/${id}/sample.docx`);
    expect(docx.status).toBe(200);
    const pdf = (await loaded.docxToPdf({ sample: docx.raw.rawPayload })).sample;
    const layout = await loaded.readPdf(pdf);

    expect(bare(layout.pages[0])).toContain(bare(sampleFields(template.language).title));
    expect(layout.outline.filter((item) => item.depth === 0).length).toBeGreaterThanOrEqual(3);
    if (hasTitleBlock(template)) {
      // a journal article's rules: the title block at the top of page 1, the abstracts under it, then the chapters in order, no contents
      const fields = sampleFields(template.language);
      const first = bare(layout.pages[0]);
      expect(first.startsWith(bare(fields.title))).toBe(true);
      const parts = [fields.author, template.abstract.zhTitle, template.abstract.enTitle];
      for (const part of parts) expect(first).toContain(bare(part));
      const all = bare(layout.pages.join('\n'));
      const places = [...parts, ...layout.outline.filter((o) => o.depth === 0).map((o) => o.title)].map((part) => all.indexOf(bare(part)));
      expect(places.every((at) => at >= 0)).toBe(true);
      expect(places).toEqual([...places].sort((a, b) => a - b));
      expect(layout.pages.some((page) => /\.{5,}/.test(page))).toBe(false);
    } else {
      // the template's rules, page by page: the title alone on the cover, then each part at the top of a page
      const starts = layout.pages.map((page) => firstLine(page, template));
      const parts = [
        ...(template.language === 'zh' ? [template.abstract.zhTitle] : []),
        template.abstract.enTitle,
        template.toc!.title,
        ...layout.outline.filter((item) => item.depth === 0).map((item) => item.title),
      ].map(bare);
      const found = parts.map((part) => starts.findIndex((start, i) => i > 0 && start.toLowerCase() === part.toLowerCase()));
      expect(Object.fromEntries(parts.map((part, i) => [part, found[i] > 0]))).toEqual(Object.fromEntries(parts.map((part) => [part, true])));
      // in order, each on a page of its own
      expect(found).toEqual([...found].sort((a, b) => a - b));
      expect(new Set(found).size).toBe(found.length);
      // a chapter starts on the page its bookmark names
      for (const item of layout.outline.filter((o) => o.depth === 0)) expect(starts[item.page]).toBe(bare(item.title));
    }

    // the pictures: as many as the PDF's pages, each the same page
    expect(pages).toBe(layout.pages.length);
    const width = widths[1];
    const drawn = await loaded.renderPages(pdf, { width });
    for (let page = 1; page <= pages; page += 1) {
      const res = await me.get(`/api/v1/typeset/template/${id}/sample/${page}.png?w=${width}&v=${version}`);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('public, max-age=3600');
      loaded.expectBrowserDefences(res.headers);
      expect({ page, difference: difference(res.raw.rawPayload, drawn[page - 1]) < 0.002 }).toEqual({ page, difference: true });
    }
    expect((await me.get(`/api/v1/typeset/template/${id}/sample/${pages + 1}.png?w=${width}`)).status).toBe(404);
    expect((await me.get(`/api/v1/typeset/template/${id}/sample/1.png?w=${widths[0]}`)).raw.rawPayload.readUInt32BE(16)).toBe(widths[0]);
    expect((await me.get(`/api/v1/typeset/template/${id}/sample/1.png?w=123`)).status).toBe(422);
  });
});
