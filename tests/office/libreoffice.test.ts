/**
 * The typeset .docx opens in LibreOffice: converted headless to PDF without error, with the pages
 * and the first page's text a reader expects. Needs LibreOffice (`npm run test:office`; CI
 * installs it).
 */
import { execFileSync } from 'child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { SEED_FOLDER } from '../../server/src/db/seed';
import { readManuscript } from '../../server/src/engines/typeset/manuscript';
import { checkTemplate } from '../../server/src/engines/typeset/template';
import { writeDocx } from '../../server/src/engines/typeset/writer';
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';

/** A PDF's pages as text, read by pdf.js in a plain Node process. */
function pagesOf(pdf: string): string[] {
  const script = "const {PDFParse}=require('pdf-parse');new PDFParse({data:new Uint8Array(require('fs').readFileSync(process.argv[1]))}).getText().then(r=>process.stdout.write(JSON.stringify(r.pages.map(p=>p.text))))";
  return JSON.parse(execFileSync(process.execPath, ['-e', script, pdf], { encoding: 'utf8' }));
}

test.each(readdirSync(join(SEED_FOLDER, 'templates')))('%s: LibreOffice converts the document, cover first, one page per part', async (file) => {
  const template = checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', file), 'utf8')));
  const dir = mkdtempSync(join(tmpdir(), 'zn-office-'));
  const docx = join(dir, 'thesis.docx');
  writeFileSync(docx, await writeDocx(await readManuscript(await wordManuscript(), 'paper.docx'), template, FIELDS));
  execFileSync('soffice', ['--headless', `-env:UserInstallation=file://${dir}/profile`, '--convert-to', 'pdf', '--outdir', dir, docx], { stdio: 'pipe', timeout: 120_000 });
  const pages = pagesOf(join(dir, 'thesis.pdf'));
  // cover, Chinese abstract, English abstract, contents, chapter 1, chapter 2, references, acknowledgements
  expect(pages).toHaveLength(8);
  expect(pages[0]).toContain(FIELDS.title);
  expect(pages[0].replace(/\s/g, '')).toContain(FIELDS.author);
  expect(pages[4]).toContain('绪论');
  expect(pages[6]).toContain('李华. 县域教育');
}, 180_000);
