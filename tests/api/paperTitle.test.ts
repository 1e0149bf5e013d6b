/**
 * The title a review's form is filled with, read from an uploaded PDF: a PDF's text comes line by
 * line as the page sets it, so a long title wrapped onto a second line, or a cover that sets the
 * school's name above the title, must be read from the page's type sizes instead. A Word document
 * says which paragraph is its title by its style.
 */
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';
import { multipart, useSignedInApp } from './testApp';

const FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
const BODY = '本文讨论县域中学课后服务的组织方式。作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况。'.repeat(8);

/** A one-page PDF: each line in its own size, centred in a column `width` points wide, then body text. */
function pdf(lines: Array<[string, number]>, width = 300): Promise<Buffer> {
  return new Promise((resolve) => {
    const doc = new PDFDocument({ size: 'A4', margin: 72 });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => resolve(Buffer.concat(chunks)));
    doc.registerFont('cjk', FONT).font('cjk');
    for (const [text, size] of lines)
      doc
        .fontSize(size)
        .text(text, 72 + (451 - width) / 2, undefined, { width, align: 'center' })
        .moveDown(0.5);
    doc.fontSize(10.5).text(BODY, 72, undefined, { width: 451 });
    doc.end();
  });
}

const { me } = useSignedInApp();

async function titleOfUpload(data: Buffer, name = 'paper.pdf') {
  const body = multipart({}, { name, data });
  const res = await me().call('POST', '/api/v1/review/paper', body.payload, body.headers);
  expect(res.status).toBe(200);
  return res.body.result.title;
}

test('a long title wrapped onto a second line keeps every character', async () => {
  const title = '县域中学课后服务的组织方式与教师激励机制研究';
  expect(await titleOfUpload(await pdf([[title, 22]]))).toBe(title);
});

test('a cover with the school above the title: the title is the line in the largest type', async () => {
  const cover = await pdf(
    [
      ['示例大学', 16],
      ['本科毕业论文', 16],
      ['县域中学课后服务研究', 22],
      ['学生姓名：林晓', 14],
    ],
    451,
  );
  expect(await titleOfUpload(cover)).toBe('县域中学课后服务研究');
});

test('a Word document with a cover page: the title is the paragraph in the Title style, not the school above it', async () => {
  const lines = [
    new Paragraph('示例大学'),
    new Paragraph('本科毕业论文'),
    new Paragraph({ text: '县域中学课后服务研究', heading: HeadingLevel.TITLE }),
    new Paragraph(BODY),
  ];
  const docx = await Packer.toBuffer(new Document({ sections: [{ children: lines }] }));
  expect(await titleOfUpload(docx, 'paper.docx')).toBe('县域中学课后服务研究');
});

test('a PDF set in one size: its first line, as for any other file', async () => {
  expect(await titleOfUpload(await pdf([['县域中学课后服务研究', 10.5]], 451))).toBe('县域中学课后服务研究');
});

describe('pasted text gets a title too (one reading in common/, for the server and the mock)', () => {
  test('its first line when that is a title', async () => {
    const res = await me().post('/api/v1/review/quote', { systemId: 'undergraduate', text: `县域中学课后服务研究\n${BODY}` });
    expect(res.body.result.title).toBe('县域中学课后服务研究');
  });

  test('otherwise its first sentence, cut to a sensible length', async () => {
    const res = await me().post('/api/v1/review/quote', { systemId: 'undergraduate', text: BODY });
    expect(res.body.result.title).toBe('本文讨论县域中学课后服务的组织方式');
    const long = `${'一'.repeat(60)}。${BODY}`;
    const title = (await me().post('/api/v1/review/quote', { systemId: 'undergraduate', text: long })).body.result.title as string;
    expect(title.length).toBeLessThanOrEqual(41);
    expect(title.endsWith('…')).toBe(true);
  });

  test.each(['摘要', '摘 要', '【摘要】', 'Abstract', '目录', '关键词：课后服务', '第一章 绪论', '1.1 研究背景', '参考文献', '致谢'])(
    'never a part of the paper’s name (%s): the field is left for the student',
    async (part) => {
      const res = await me().post('/api/v1/review/quote', { systemId: 'undergraduate', text: `${part}\n${BODY}` });
      expect(res.body.result.title).toBeNull();
    },
  );

  test('nor the abstract’s opening words when the text starts with 摘要：', async () => {
    const res = await me().post('/api/v1/review/quote', { systemId: 'undergraduate', text: `摘要：${BODY}` });
    expect(res.body.result.title).toBeNull();
  });
});
