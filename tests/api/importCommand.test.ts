/**
 * `npm run import -- <folder>` as an operator runs it: a real process against the test database,
 * then the imported papers read back through the API.
 */
import { spawnSync } from 'child_process';
import { Document, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import iconv from 'iconv-lite';
import { mkdtempSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { createTestApp } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let folder: string;

const GBK_PAPER = [
  '乡村图书馆阅读推广的实践与思考',
  '作者：林小河',
  '摘要：本文以三个乡镇图书馆为例，讨论阅读推广活动的组织方式。',
  '关键词：阅读推广；乡村图书馆；公共文化',
  '一、引言',
  '乡镇图书馆的借阅量长期偏低，需要主动走进社区。',
].join('\r\n');

async function buildFolder() {
  folder = mkdtempSync(join(tmpdir(), 'zn-import-'));
  writeFileSync(
    join(folder, 'a-front-matter.md'),
    [
      '---',
      'title: 校园快递柜使用效率的调查',
      'authors: [丁一, 丁二]',
      'year: 2021',
      'type: 本科',
      'discipline: 管理学',
      'keywords: [快递柜, 末端配送]',
      '---',
      '## 一、调查背景',
      '校园快递柜的格口利用率在学期初明显不足。',
    ].join('\n'),
  );
  writeFileSync(join(folder, 'b-gbk.txt'), iconv.encode(GBK_PAPER, 'gbk'));
  writeFileSync(join(folder, 'f-same-text-in-utf8.txt'), GBK_PAPER);
  const word = new Document({
    sections: [
      {
        children: [
          new Paragraph({ children: [new TextRun('共享单车停放秩序的治理研究')] }),
          new Paragraph('摘要：电子围栏能够减少乱停乱放。'),
          new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('表格中的停放数据')] })] })] }),
        ],
      },
    ],
  });
  writeFileSync(join(folder, 'c-word.docx'), await Packer.toBuffer(word));
  writeFileSync(join(folder, 'c-word.json'), JSON.stringify({ authors: ['韩梅'], year: 2022, type: '硕士', discipline: '城市管理' }));
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Noise barriers and sleep quality near urban expressways', { x: 40, y: 700, size: 12, font });
  writeFileSync(join(folder, 'd-english.pdf'), await pdf.save());
  writeFileSync(join(folder, 'e-broken.docx'), Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)]));
  writeFileSync(join(folder, 'g-bad-metadata.md'), ['---', 'title: 类型写错的论文', 'type: 高中', '---', '正文'].join('\n'));
  writeFileSync(join(folder, 'notes.csv'), 'not a paper');
}

function runImport() {
  const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'server/src/cli/import.ts', folder], {
    env: { ...process.env, DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: run.status, output: run.stdout + run.stderr };
}

beforeAll(async () => {
  t = await createTestApp();
  await buildFolder();
}, 30_000);
afterAll(() => t.close());

const search = async (q: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/search?kind=document&q=${encodeURIComponent(q)}` })).json().result.list;

it('imports every paper it can read, skips repeats and rejects the rest with reasons', async () => {
  const first = runImport();
  expect(first.output).toContain('共 7 个文件：导入 4，跳过 1，拒绝 2');
  expect(first.output).toMatch(/跳过\s+f-same-text-in-utf8\.txt\s+与已有范文《乡村图书馆阅读推广的实践与思考》内容相同/);
  expect(first.output).toMatch(/拒绝\s+e-broken\.docx\s+文件已损坏，无法打开/);
  expect(first.output).toMatch(/拒绝\s+g-bad-metadata\.md\s+元数据中的类型（本科\/硕士\/博士\/期刊）不正确/);
  // a run with rejected files ends in failure, so scripts notice
  expect(first.code).toBe(1);

  const [gbk] = await search('乡村图书馆');
  const detail = (await t.app.inject({ method: 'GET', url: `/api/v1/document/${gbk.id}` })).json().result;
  expect(detail).toMatchObject({
    title: '乡村图书馆阅读推广的实践与思考',
    authors: ['林小河'],
    abstract: '本文以三个乡镇图书馆为例，讨论阅读推广活动的组织方式。',
    keywords: ['阅读推广', '乡村图书馆', '公共文化'],
  });

  const [word] = await search('电子围栏');
  const wordDetail = (await t.app.inject({ method: 'GET', url: `/api/v1/document/${word.id}` })).json().result;
  expect(wordDetail).toMatchObject({ title: '共享单车停放秩序的治理研究', authors: ['韩梅'], type: '硕士', discipline: '城市管理', fileName: 'c-word.docx' });
  expect(wordDetail.fullText).toContain('表格中的停放数据');
  const file = await t.app.inject({ method: 'GET', url: `/api/v1/document/${word.id}/file` });
  expect(file.statusCode).toBe(200);
  expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');

  expect((await search('Noise barriers'))[0].title).toBe('Noise barriers and sleep quality near urban expressways');
  expect((await search('末端配送'))[0].subtitle).toBe('本科 · 管理学 · 2021');
}, 90_000);

it('is idempotent: a second run imports nothing new', () => {
  const again = runImport();
  expect(again.output).toContain('共 7 个文件：导入 0，跳过 5，拒绝 2');
}, 60_000);

it('explains how to call it without a folder', () => {
  const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'server/src/cli/import.ts'], { encoding: 'utf8', timeout: 60_000 });
  expect(run.status).toBe(2);
  expect(run.stderr).toContain('用法：npm run import -- <文件夹>');
}, 60_000);
