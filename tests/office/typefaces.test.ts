/**
 * The typefaces of what the layout engine makes (`npm run test:office`): for every template, and
 * one that names 楷体, 仿宋 and Arial, the PDF and the preview's PDF set each kind of text in an
 * open face of the style the template names, for simplified Chinese, embedded, and never in a face
 * drawn for Japanese, Korean or traditional Chinese, nor in DejaVu; the student is told which
 * faces stood in for the named ones.
 */
import { execFileSync } from 'child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { SEED_FOLDER } from '../../server/src/seed';
import { typeset } from '../../server/src/engines/typeset/layout';
import { readManuscript } from '../../server/src/engines/typeset/manuscript';
import { checkTemplate, hasTitleBlock, type Template } from '../../server/src/engines/typeset/template';
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';

/** The face each name stands for on a machine without it, as a PDF names it (subset prefix removed). */
const FACE: Record<string, string> = {
  宋体: 'NotoSerifSC',
  SimSun: 'NotoSerifSC',
  黑体: 'NotoSansSC',
  楷体: 'UKaiCN',
  KaiTi: 'UKaiCN',
  仿宋_GB2312: 'NotoSerifSC',
  'Times New Roman': 'LiberationSerif',
  Arial: 'LiberationSans',
};
const FORBIDDEN = /CJK|JP|KR|TC|HK|DejaVu/i;

const seeded = readdirSync(join(SEED_FOLDER, 'templates')).map((file) => checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', file), 'utf8'))));

/** A template naming the other styles, in other spellings: 楷体 headings, 仿宋 body, Arial Latin text. */
function otherFaces(base: Template): Template {
  const styles = Object.fromEntries(
    Object.entries(base.styles).map(([name, style]) => [name, { ...style, zhFont: '仿宋_GB2312', latinFont: 'Arial' }]),
  ) as Template['styles'];
  styles.title = { ...styles.title, zhFont: '黑体', latinFont: 'Times New Roman' };
  styles.heading1 = { ...styles.heading1, zhFont: '楷体' };
  styles.abstractTitle = { ...styles.abstractTitle, zhFont: 'KaiTi' };
  styles.abstractBody = { ...styles.abstractBody, zhFont: 'SimSun' };
  return checkTemplate({ ...base, id: 'other-faces', styles });
}

const pdfText = (tool: string, args: string[], pdf: Buffer) => {
  const dir = mkdtempSync(join(tmpdir(), 'zn-fonts-test-'));
  try {
    writeFileSync(join(dir, 'in.pdf'), pdf);
    return execFileSync(tool, [...args, join(dir, 'in.pdf'), ...(tool === 'pdftohtml' ? ['-stdout'] : [])], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

/** pdffonts' table: each font's name (without its subset prefix) and whether it is embedded. */
function fontsOf(pdf: Buffer) {
  return pdfText('pdffonts', [], pdf)
    .split('\n')
    .slice(2)
    .filter(Boolean)
    .map((line) => {
      const [name, ...rest] = line.split(/\s+/);
      return { name: name.replace(/^[A-Z]{6}\+/, ''), embedded: rest.includes('yes') };
    });
}

/** Each run of text with the face it is set in, as poppler reads them. */
function runsOf(pdf: Buffer) {
  const xml = pdfText('pdftohtml', ['-xml', '-i', '-q'], pdf);
  const faces = new Map(
    [...xml.matchAll(/<fontspec id="(\d+)"[^>]*family="([^"]+)"/g)].map(([, id, family]) => [id, family.replace(/^[A-Z]{6}\+/, '').replace(/-.*$/, '')]),
  );
  return [...xml.matchAll(/<text [^>]*font="(\d+)"[^>]*>(.*?)<\/text>/g)].map(([, id, text]) => ({ text: text.replace(/<[^>]+>/g, ''), face: faces.get(id)! }));
}

const isChinese = (text: string) => /[\u4e00-\u9fff]/.test(text);

describe.each([...seeded, otherFaces(seeded.find((t) => t.id === 'general-bachelor')!)].map((t) => [t.id, t] as const))('%s', (_id, template) => {
  test('the PDF and the preview set each text in an open face of the named style for simplified Chinese, and say which', async () => {
    const result = await typeset(await readManuscript(await wordManuscript(), 'paper.docx'), template, FIELDS, '预览');
    // a cover, the front matter and the body; a journal article's short manuscript fits its first page
    expect(result.pageCount).toBeGreaterThan(hasTitleBlock(template) ? 0 : 2);

    const zhFaces = new Set(Object.values(template.styles).map((s) => FACE[s.zhFont]));
    for (const pdf of [result.pdf!, result.previewPdf!]) {
      const fonts = fontsOf(pdf);
      expect(fonts.filter((f) => !f.embedded || FORBIDDEN.test(f.name))).toEqual([]);
      const runs = runsOf(pdf);
      // every Chinese text in a face the template's styles name, and each of those faces used
      expect(new Set(runs.filter((r) => isChinese(r.text)).map((r) => r.face))).toEqual(zhFaces);
      // the title, the abstract's title and its text: each in the face its own style names
      const faceOf = (text: string) => runs.find((r) => r.text.replace(/\s/g, '') === text.replace(/\s/g, ''))?.face;
      expect(faceOf(FIELDS.title)).toBe(FACE[template.styles.title.zhFont]);
      expect(faceOf(template.abstract.zhTitle)).toBe(FACE[template.styles.abstractTitle.zhFont]);
      expect(faceOf('本文讨论县域中学课后服务的组织方式。')).toBe(FACE[template.styles.abstractBody.zhFont]);
      // Latin text (the student number on the cover, page numbers) in the Latin face named
      expect(faceOf(FIELDS.studentNumber) ?? FACE[template.styles.title.latinFont]).toMatch(/^Liberation/);
      expect(runs.filter((r) => /^[IVX\d]+$/.test(r.text.trim())).map((r) => r.face)).toContain(FACE[template.styles.footer.latinFont]);
    }
    const named = [...new Set(Object.values(template.styles).flatMap((s) => [s.zhFont, s.latinFont]))];
    expect(result.warnings).toEqual([expect.stringContaining('以相近的开源字体显示')]);
    for (const name of named) expect(result.warnings[0]).toContain(`${name} → `);
  });
});
