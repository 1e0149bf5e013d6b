/**
 * Typesetting speed beside pandoc (Debian's), on the same manuscript in the same run: a
 * 60,000-character thesis with 10 images, 10 tables and 50 references, as a Word file. Ours reads
 * it and writes the template's .docx; pandoc converts it with the template's sample as its
 * reference document.
 */
import { execFileSync } from 'child_process';
import { Document, HeadingLevel, ImageRun, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import { mkdtempSync, readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { performance } from 'perf_hooks';
import { SEED_FOLDER } from '../server/src/db/seed';
import { readManuscript } from '../server/src/engines/typeset/manuscript';
import { checkTemplate } from '../server/src/engines/typeset/template';
import { writeDocx } from '../server/src/engines/typeset/writer';
import { random } from './accuracySet';
import { PNG } from '../tests/fixtures/manuscripts';

const RUNS = 3;

async function thesis(): Promise<Buffer> {
  const next = random(3);
  const alphabet = '的一是在不了有和人这中大为上个国我以要他时来用们生到作地于出就分对成会可主发年动同工也能下过子说产种面而方后多定行学法所民得经';
  const sentence = () => Array.from({ length: 30 }, () => alphabet[Math.floor(next() * alphabet.length)]).join('') + '。';
  const paragraph = () => Array.from({ length: 6 }, sentence).join('');
  const children: Array<Paragraph | Table> = [new Paragraph('县域中学课后服务研究'), new Paragraph(`摘要：${paragraph()}`), new Paragraph('关键词：课后服务；县域中学')];
  let chars = 0;
  for (let chapter = 1; chapter <= 10; chapter += 1) {
    children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, text: `第${chapter}章 研究内容${chapter}` }));
    for (let section = 1; section <= 3; section += 1) {
      children.push(new Paragraph({ heading: HeadingLevel.HEADING_2, text: `${chapter}.${section} 小节` }));
      for (let i = 0; i < 11 && chars < 60_000; i += 1) {
        const text = paragraph();
        chars += text.length;
        children.push(new Paragraph(text));
      }
    }
    children.push(new Paragraph(`表${chapter} 第${chapter}章的数据`));
    children.push(new Table({ rows: Array.from({ length: 5 }, (_, r) => new TableRow({ children: Array.from({ length: 4 }, (_, c) => new TableCell({ children: [new Paragraph(`${r}-${c}`)] })) })) }));
    children.push(new Paragraph({ children: [new ImageRun({ type: 'png', data: PNG, transformation: { width: 300, height: 200 } })] }));
    children.push(new Paragraph(`图${chapter} 第${chapter}章的示意图`));
  }
  children.push(new Paragraph({ heading: HeadingLevel.HEADING_1, text: '参考文献' }));
  for (let i = 1; i <= 50; i += 1) children.push(new Paragraph(`[${i}] 作者${i}. 文献题名${i}[J]. 期刊名, 2020, ${i}(2): 1-10.`));
  return Packer.toBuffer(new Document({ sections: [{ children }] }));
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  const template = checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', 'general-bachelor.json'), 'utf8')));
  const dir = mkdtempSync(join(tmpdir(), 'zn-bench-'));
  const input = join(dir, 'thesis.docx');
  writeFileSync(input, await thesis());
  const fields = { title: '县域中学课后服务研究', author: '林晓', school: '示例大学' };

  const ours: number[] = [];
  let output: Buffer = Buffer.alloc(0);
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    output = await writeDocx(await readManuscript(readFileSync(input), 'thesis.docx'), template, fields);
    ours.push(performance.now() - start);
  }
  const reference = join(dir, 'reference.docx');
  writeFileSync(reference, output);

  console.log('\nTypesetting a 60,000-character thesis (10 images, 10 tables, 50 references), median of 3');
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
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
