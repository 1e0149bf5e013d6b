/**
 * The typeset documents in LibreOffice (`npm run test:office`; CI installs it): for every template
 * with contents, the delivered .docx converted by LibreOffice and the delivered PDF both open with a
 * contents page that lists every heading with its number and the page it starts on, as the body
 * shows it, level 2 indented more than level 1; the journal's article opens with its title block
 * on page 1, without contents.
 */
import JSZip from 'jszip';
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { SEED_FOLDER } from '../../server/src/seed';
import { typeset } from '../../server/src/engines/typeset/layout';
import { readManuscript } from '../../server/src/engines/typeset/manuscript';
import { docxToPdf, footerOf, headingPages, layOutDraft, measureContents, readPdf } from '../../server/src/engines/typeset/office';
import { checkTemplate } from '../../server/src/engines/typeset/template';
import { writeDocx } from '../../server/src/engines/typeset/writer';
import { FIELDS, wordManuscript, wordManuscriptWithCover } from '../fixtures/manuscripts';
import { longThesis } from '../fixtures/longThesis';

const squeeze = (text: string) => text.replace(/\s+/g, '');

/** The contents page's entries: "第1章 绪论……12" → { entry: '第1章绪论', page: '12' }. */
function contentsOf(pages: string[], title: string) {
  const first = pages.findIndex((p) => squeeze(p).includes(squeeze(title)) && /\.{5,}/.test(p));
  expect(first).toBeGreaterThan(0);
  const entries: Array<{ entry: string; page: string }> = [];
  for (let i = first; i < pages.length && /\.{5,}/.test(pages[i]); i += 1) {
    for (const line of pages[i].split('\n')) {
      const match = /^(.*?)\s*\.{3,}\s*(\S+)$/.exec(line.trim());
      if (match) entries.push({ entry: squeeze(match[1]), page: match[2] });
    }
  }
  return entries;
}

/** Each heading of the body as the PDF's bookmarks place it: its text with its number, and the page number its page shows. */
async function headingsOf(pdf: Buffer, levels: number) {
  const layout = await readPdf(pdf);
  return {
    pages: layout.pages,
    headings: layout.outline.filter((o) => o.depth < levels).map((o) => ({ entry: squeeze(o.title), page: footerOf(layout.pages[o.page]), depth: o.depth })),
  };
}

const templates = readdirSync(join(SEED_FOLDER, 'templates')).map((file) =>
  checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', file), 'utf8'))),
);
/** The templates with a table of contents, each with its own (the theses') */
const withContents = templates.flatMap((t) => (t.toc ? [{ ...t, toc: t.toc }] : []));

describe.each(withContents.map((t) => [t.id, t] as const))('%s', (_id, template) => {
  test.each([
    ['the short manuscript', () => wordManuscript()],
    ['a long thesis (five chapters, fifteen sections)', () => longThesis()],
  ])('%s: the contents match the body in the .docx as LibreOffice opens it and in the PDF', async (_name, manuscript) => {
    const result = await typeset(await readManuscript(await manuscript(), 'paper.docx'), template, FIELDS, '预览');
    const converted = (await docxToPdf({ delivered: result.docx })).delivered;
    for (const pdf of [converted, result.pdf!]) {
      const { pages, headings } = await headingsOf(pdf, template.toc.levels);
      expect(pages[0]).toContain(FIELDS.title);
      expect(headings.length).toBeGreaterThan(3);
      const contents = contentsOf(pages, template.toc.title);
      expect(contents).toEqual(headings.map(({ entry, page }) => ({ entry, page })));
      // chapters carry their numbers in the contents, as in the body
      expect(contents[0].entry).toMatch(/^(第1章|1|一、|Chapter1|1\.)/);
    }
    // the preview: the pages of the PDF, counted
    expect(result.pageCount).toBe((await readPdf(result.pdf!)).pages.length);
    expect((await readPdf(result.previewPdf!)).pages).toHaveLength(result.pageCount);
  });

  test('a draft given its page numbers by the engine is laid out page for page as the .docx written with them', async () => {
    const manuscript = await readManuscript(await longThesis(), 'paper.docx');
    const filled = await layOutDraft(await writeDocx(manuscript, template, FIELDS), template.toc.levels);
    if (!filled || !('pdf' in filled)) throw new Error('the engine did not write the numbers into the draft');
    expect(filled.contents.length).toBeGreaterThan(10);
    const delivered = await writeDocx(manuscript, template, FIELDS, { pages: filled.contents });
    expect((await readPdf(filled.pdf)).pages).toEqual((await readPdf((await docxToPdf({ delivered })).delivered)).pages);
  });

  test('the page numbers the layout engine tells without exporting are the ones its PDF shows', async () => {
    const draft = await writeDocx(await readManuscript(await longThesis(), 'paper.docx'), template, FIELDS);
    const told = await measureContents(draft, template.toc.levels);
    expect(told.length).toBeGreaterThan(10);
    expect(told).toEqual(headingPages(await readPdf((await docxToPdf({ draft })).draft), template.toc.levels));
  });
});

test('contents levels are indented one step each: level 2 more than level 1', async () => {
  const docx = await writeDocx(await readManuscript(await wordManuscript(), 'paper.docx'), templates[0], FIELDS, { pages: ['1', '1', '2', '3', '4'] });
  const styles = await (await JSZip.loadAsync(docx)).file('word/styles.xml')!.async('string');
  const indent = (id: string) => Number(new RegExp(`w:styleId="${id}"[\\s\\S]*?<w:ind w:left="(\\d+)"`).exec(styles)?.[1]);
  expect(indent('TOC1')).toBe(0);
  expect(indent('TOC2')).toBeGreaterThan(indent('TOC1'));
  expect(indent('TOC3')).toBeGreaterThan(indent('TOC2'));
});

test('the journal article: page 1 holds the title, the author lines and the abstracts, the body follows; no contents; pages 1, 2 … from the first; figures and tables numbered through the paper', async () => {
  const journal = templates.find((t) => t.id === 'journal-gbt7714')!;
  const result = await typeset(await readManuscript(await longThesis(), 'paper.docx'), journal, FIELDS, '预览');
  expect(result.contentsPages).toEqual([]);
  const converted = (await docxToPdf({ delivered: result.docx })).delivered;
  for (const pdf of [converted, result.pdf!, result.previewPdf!]) {
    const { pages, outline } = await readPdf(pdf);
    expect(pages.length).toBeGreaterThan(3);
    // in order at the top of page 1, the first chapter under them; the title once, not in a running header above it
    const first = squeeze(pages[0]);
    const places = [FIELDS.title, FIELDS.author, `（${FIELDS.school}）`, '摘要：', '关键词：课后服务；县域中学', '一、研究内容1'].map((text) =>
      first.indexOf(squeeze(text)),
    );
    expect(places.every((at) => at >= 0)).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(first.indexOf(FIELDS.title)).toBe(first.lastIndexOf(FIELDS.title));
    // every page numbered in Arabic from the first; the others headed by the title
    expect(pages.map(footerOf)).toEqual(pages.map((_, i) => String(i + 1)));
    for (const page of pages.slice(1)) expect(squeeze(page).startsWith(FIELDS.title)).toBe(true);
    // no contents page: no dot leaders, no page of its own before the first chapter
    expect(pages.some((page) => /\.{5,}/.test(page))).toBe(false);
    expect(outline[0]).toMatchObject({ page: 0 });
    // chapters follow on where the one before ends, not at the top of a page of their own
    const chapters = outline.filter((o) => o.depth === 0 && o.page > 0);
    const atTop = chapters.filter((o) => squeeze(pages[o.page]).slice(FIELDS.title.length).startsWith(squeeze(o.title)));
    expect(chapters.length).toBeGreaterThan(3);
    expect(atTop.length).toBeLessThan(chapters.length / 2);
    const text = squeeze(pages.join('\n'));
    for (let n = 1; n <= 5; n += 1) {
      expect(text).toContain(`表${n}第${n}章的数据`);
      expect(text).toContain(`图${n}第${n}章的示意图`);
    }
    expect(text).not.toMatch(/[图表]\d+-\d+/);
  }
});

test('a manuscript with the author’s cover line before its 摘要 heading: the abstract is the front matter, the contents start at 第1章 绪论', async () => {
  const bachelor = templates.find((t) => t.id === 'general-bachelor')!;
  const manuscript = await wordManuscriptWithCover(['学生姓名：林晓']);
  const result = await typeset(await readManuscript(manuscript, 'paper.docx'), bachelor, FIELDS);
  const { pages, headings } = await headingsOf(result.pdf!, bachelor.toc!.levels);
  expect(contentsOf(pages, bachelor.toc!.title).map(({ entry }) => entry)).toEqual(['第1章绪论', '第2章结论']);
  expect(headings.map(({ entry }) => entry)).toEqual(['第1章绪论', '第2章结论']);
  // the abstract before the contents, on a page numbered in Roman
  const abstractPage = pages.findIndex((page) => squeeze(page).includes('本文讨论县域中学课后服务的组织方式。'));
  expect(abstractPage).toBeGreaterThan(0);
  expect(footerOf(pages[abstractPage])).toBe('I');
});
