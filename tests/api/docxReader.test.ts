/**
 * Word manuscripts as other word processors write them, read by the typesetter: the package is
 * built part by part here (style ids as Chinese Word names them, another namespace prefix, list
 * numbering, tracked changes, fields, merged cells, notes, linked and unsupported pictures).
 */
import { randomBytes } from 'crypto';
import JSZip from 'jszip';
import { readFileSync } from 'fs';
import { join } from 'path';
import { SEED_FOLDER } from '../../server/src/seed';
import { readManuscript } from '../../server/src/engines/typeset/manuscript';
import { checkTemplate } from '../../server/src/engines/typeset/template';
import { writeDocx } from '../../server/src/engines/typeset/writer';
import { FIELDS, PNG } from '../fixtures/manuscripts';

const bachelor = checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', 'general-bachelor.json'), 'utf8')));

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';

const styles = `<?xml version="1.0" encoding="UTF-8"?>
<w:styles xmlns:w="${W}">
  <w:style w:type="paragraph" w:styleId="1"><w:name w:val="heading 1"/></w:style>
  <w:style w:type="paragraph" w:styleId="2"><w:name w:val="heading 2"/></w:style>
  <w:style w:type="paragraph" w:styleId="Heading4"><w:name w:val="heading 4"/></w:style>
  <w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/></w:style>
</w:styles>`;

const numbering = `<?xml version="1.0" encoding="UTF-8"?>
<w:numbering xmlns:w="${W}">
  <w:abstractNum w:abstractNumId="0"><w:lvl w:ilvl="0"><w:numFmt w:val="decimal"/></w:lvl><w:lvl w:ilvl="1"><w:numFmt w:val="lowerLetter"/></w:lvl></w:abstractNum>
  <w:abstractNum w:abstractNumId="1"><w:lvl w:ilvl="0"><w:numFmt w:val="bullet"/><w:pStyle w:val="ListBullet"/></w:lvl></w:abstractNum>
  <w:num w:numId="5"><w:abstractNumId w:val="0"/></w:num>
  <w:num w:numId="6"><w:abstractNumId w:val="1"/></w:num>
</w:numbering>`;

const rels = `<?xml version="1.0" encoding="UTF-8"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
  <Relationship Id="rPng" Type="${R}/image" Target="media/figure.png"/>
  <Relationship Id="rEmf" Type="${R}/image" Target="media/chart.emf"/>
  <Relationship Id="rWeb" Type="${R}/image" Target="https://example.com/photo.png" TargetMode="External"/>
  <Relationship Id="rLink" Type="${R}/hyperlink" Target="https://example.com" TargetMode="External"/>
</Relationships>`;

const footnotes = `<?xml version="1.0" encoding="UTF-8"?>
<w:footnotes xmlns:w="${W}">
  <w:footnote w:type="separator" w:id="-1"><w:p><w:r><w:separator/></w:r></w:p></w:footnote>
  <w:footnote w:id="1"><w:p><w:r><w:t>数据来自县教育局。</w:t></w:r></w:p></w:footnote>
</w:footnotes>`;

const run = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const para = (text: string, properties = '') => `<w:p>${properties ? `<w:pPr>${properties}</w:pPr>` : ''}${run(text)}</w:p>`;
const picture = (embed: string) =>
  `<w:r><w:drawing><a:graphic xmlns:a="${A}"><a:graphicData><a:blip r:embed="${embed}"/></a:graphicData></a:graphic></w:drawing></w:r>`;
const cell = (content: string, properties = '') => `<w:tc>${properties ? `<w:tcPr>${properties}</w:tcPr>` : ''}${content}</w:tc>`;

const body = [
  para('县域中学课后服务研究'),
  para('摘要：本文讨论课后服务。'),
  para('第一章 绪论', '<w:pStyle w:val="1"/>'),
  // tracked changes: the insertion is read, the deletion is not; a field's instruction is not text, its result is
  `<w:p>${run('课后服务')}<w:ins w:id="1" w:author="甲">${run('关系到')}</w:ins><w:del w:id="2" w:author="甲"><w:r><w:delText>无关</w:delText></w:r></w:del>${run('学生。')}</w:p>`,
  `<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGEREF _Toc1 \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run('见第3页')}<w:r><w:fldChar w:fldCharType="end"/></w:r><w:hyperlink r:id="rLink">${run('，参见官网')}</w:hyperlink></w:p>`,
  `<w:sdt><w:sdtContent>${para('控件中的段落。')}</w:sdtContent></w:sdt>`,
  para('研究背景', '<w:pStyle w:val="2"/>'),
  para('经费', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="5"/></w:numPr>'),
  para('拨款', '<w:numPr><w:ilvl w:val="1"/><w:numId w:val="5"/></w:numPr>'),
  para('激励', '<w:numPr><w:ilvl w:val="0"/><w:numId w:val="5"/></w:numPr>'),
  para('课程', '<w:pStyle w:val="ListBullet"/>'),
  para('细节', '<w:pStyle w:val="Heading4"/>'),
  // a cell merged into the one above is that cell; a cell spanning two columns is one
  `<w:tbl><w:tr>${cell(para('学校'), '<w:vMerge w:val="restart"/>')}${cell(para('规模'), '<w:gridSpan w:val="2"/>')}</w:tr><w:tr>${cell(para(''), '<w:vMerge/>')}${cell(para('学生数'))}${cell(`<w:p>${picture('rPng')}</w:p>`)}</w:tr></w:tbl>`,
  `<w:p>${picture('rPng')}</w:p>`,
  para('图1 组织结构'),
  `<w:p>${picture('rEmf')}${picture('rWeb')}</w:p>`,
  `<w:p>${run('经费来自财政')}<w:r><w:footnoteReference w:id="1"/></w:r>${run('。')}</w:p>`,
  para(''),
].join('');

async function docx(document: string, parts: Record<string, string | Buffer> = {}) {
  const zip = new JSZip();
  zip.file('word/document.xml', document);
  zip.file('word/styles.xml', styles);
  zip.file('word/numbering.xml', numbering);
  zip.file('word/_rels/document.xml.rels', rels);
  zip.file('word/footnotes.xml', footnotes);
  zip.file('word/media/figure.png', PNG);
  zip.file('word/media/chart.emf', Buffer.alloc(40, 1));
  for (const [name, data] of Object.entries(parts)) zip.file(name, data);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const documentXml = (prefix: string, content: string) =>
  `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><${prefix}:document xmlns:${prefix}="${W}" xmlns:r="${R}"><${prefix}:body>${content.replace(/(<\/?| )w:/g, `$1${prefix}:`)}</${prefix}:body></${prefix}:document>`;

describe('reading a Word manuscript part by part', () => {
  test('headings by style name, lists by numbering, tracked changes, fields, controls, merged cells, pictures and footnotes', async () => {
    const m = await readManuscript(await docx(documentXml('w', body)), 'paper.docx');
    expect(m.title).toBe('县域中学课后服务研究');
    expect(m.abstractZh).toBe('本文讨论课后服务。');
    const png = expect.objectContaining({ kind: 'image', type: 'png', caption: '组织结构' });
    expect(m.body).toEqual([
      { kind: 'heading', level: 1, text: '绪论' },
      { kind: 'paragraph', text: '课后服务关系到学生。' },
      { kind: 'paragraph', text: '见第3页，参见官网' },
      { kind: 'paragraph', text: '控件中的段落。' },
      { kind: 'heading', level: 2, text: '研究背景' },
      { kind: 'list', ordered: true, items: ['经费', '拨款', '激励'] },
      { kind: 'list', ordered: false, items: ['课程'] },
      { kind: 'heading', level: 3, text: '细节' },
      // merged cells written apart, each column in its place
      {
        kind: 'table',
        rows: [
          ['学校', '规模', ''],
          ['', '学生数', ''],
        ],
      },
      png,
      { kind: 'paragraph', text: '经费来自财政。', notes: [{ at: 6, note: 1 }] },
    ]);
    expect(m.notes).toEqual(['数据来自县教育局。']);
    expect((m.body[9] as { data: Buffer }).data.equals(PNG)).toBe(true);
    expect(m.warnings).toEqual([
      '多级列表已合并为一级',
      '第 4 级标题“细节”按第 3 级排版',
      '表格中的 1 张图片无法排入表格，已略去',
      '图片 chart.emf 的格式无法排入（只能排入 PNG、JPG、GIF 或 BMP 图片），请另存为 PNG 或 JPG 后插入，已略去',
      '图片 https://example.com/photo.png 不在稿件文件中（只能排入嵌入的图片），已略去',
    ]);
  });

  test("Word's own contents (a content control of hyperlinked entries with PAGEREF fields) is left out with a warning", async () => {
    const entry = (text: string, page: number, style: string) =>
      `<w:p><w:pPr><w:pStyle w:val="${style}"/><w:tabs><w:tab w:val="right" w:leader="dot" w:pos="8296"/></w:tabs></w:pPr><w:hyperlink w:anchor="_Toc${page}" w:history="1">${run(text)}<w:r><w:tab/></w:r><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText xml:space="preserve"> PAGEREF _Toc${page} \\h </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r>${run(String(page))}<w:r><w:fldChar w:fldCharType="end"/></w:r></w:hyperlink></w:p>`;
    const contents = `<w:sdt><w:sdtPr><w:docPartObj><w:docPartGallery w:val="Table of Contents"/><w:docPartUnique/></w:docPartObj></w:sdtPr><w:sdtContent>${para('目录', '<w:pStyle w:val="TOCHeading"/>')}${entry('第一章 绪论', 1, 'TOC1')}${entry('1.1 研究背景', 2, 'TOC2')}</w:sdtContent></w:sdt>`;
    const m = await readManuscript(
      await docx(documentXml('w', para('题目') + para('摘要：本文。') + contents + para('第一章 绪论', '<w:pStyle w:val="1"/>') + para('正文。'))),
      'paper.docx',
    );
    expect(m.abstractZh).toBe('本文。');
    expect(m.body).toEqual([
      { kind: 'heading', level: 1, text: '绪论' },
      { kind: 'paragraph', text: '正文。' },
    ]);
    expect(m.warnings).toEqual(['稿件自带的目录（2 条）已略去：排版后的目录按正文的标题重新生成，页码由排版算出']);
  });

  test('the same manuscript under another namespace prefix reads the same', async () => {
    const usual = await readManuscript(await docx(documentXml('w', body)), 'paper.docx');
    expect(await readManuscript(await docx(documentXml('ns0', body)), 'paper.docx')).toEqual(usual);
  });

  test('a package whose document is not well-formed XML is refused with a clear message', async () => {
    await expect(readManuscript(await docx('<w:document xmlns:w="x"><w:body><w:p>'), 'paper.docx')).rejects.toThrow('文件已损坏，无法读取其中的内容');
    await expect(readManuscript(await docx(documentXml('w', para('正文')), { 'word/styles.xml': '<w:styles' }), 'paper.docx')).rejects.toThrow(
      '文件已损坏，无法读取其中的内容',
    );
  });
});

describe('the package inspection reads what the directory declares, no more and no less', () => {
  /** The .docx with the sizes of word/document.xml in its directory and local header set to `size`. */
  async function declaring(size: (real: number) => number) {
    const data = await docx(documentXml('w', para('题目') + para('第一章 绪论') + para('正文。')));
    const name = Buffer.from('word/document.xml');
    for (const [signature, sizeAt, nameAt] of [
      [0x04034b50, 22, 30],
      [0x02014b50, 24, 46],
    ]) {
      for (let at = data.indexOf(name); at >= 0; at = data.indexOf(name, at + 1)) {
        const header = at - nameAt;
        if (header >= 0 && data.readUInt32LE(header) === signature) data.writeUInt32LE(size(data.readUInt32LE(header + sizeAt)), header + sizeAt);
      }
    }
    return data;
  }

  test('an entry larger than declared is refused as too large; one shorter as broken; the true size reads', async () => {
    await expect(readManuscript(await declaring((real) => real - 10), 'paper.docx')).rejects.toThrow('文件解压后过大，无法处理');
    await expect(readManuscript(await declaring((real) => real + 10), 'paper.docx')).rejects.toThrow('文件已损坏，无法打开');
    expect((await readManuscript(await declaring((real) => real), 'paper.docx')).body).toEqual([
      { kind: 'heading', level: 1, text: '绪论' },
      { kind: 'paragraph', text: '正文。' },
    ]);
  });
});

describe('a small upload cannot make the reader do unbounded work', () => {
  test('a note referred to again keeps its number and is read once (20,000 references to one long note)', async () => {
    const note = `<w:footnotes xmlns:w="${W}"><w:footnote w:id="1"><w:p>${run('注'.repeat(40_000))}</w:p></w:footnote></w:footnotes>`;
    const reference = '<w:r><w:footnoteReference w:id="1"/></w:r>';
    const m = await readManuscript(
      await docx(documentXml('w', para('题目') + para('第一章 绪论', '<w:pStyle w:val="1"/>') + `<w:p>${run('正文')}${reference.repeat(20_000)}</w:p>`), {
        'word/footnotes.xml': note,
      }),
      'paper.docx',
    );
    expect(m.body[1]).toEqual({ kind: 'paragraph', text: '正文', notes: Array.from({ length: 20_000 }, () => ({ at: 2, note: 1 })) });
    expect(m.notes).toEqual(['注'.repeat(40_000)]);
  });

  test('a part with more elements than any thesis has is refused with a clear message; formatting does not count', async () => {
    // incompressible padding keeps the package within the inspection's unpacking ratio
    const padding = { 'word/media/padding.bin': randomBytes(64 * 1024) };
    const refused = readManuscript(
      await docx(documentXml('w', para('第一章 绪论', '<w:pStyle w:val="1"/>') + '<w:p/>'.repeat(1_000_001)), padding),
      'paper.docx',
    );
    await expect(refused).rejects.toThrow('稿件内容超出了排版的上限，无法排版，请精简后重新上传');
    const formatted = `<w:r><w:rPr>${'<w:b/>'.repeat(20)}</w:rPr><w:t>字</w:t></w:r>`;
    const m = await readManuscript(await docx(documentXml('w', para('题目') + `<w:p>${formatted.repeat(60_000)}</w:p>`), padding), 'paper.docx');
    // the runs' bold is kept as one span of the paragraph
    expect(m.body).toEqual([{ kind: 'paragraph', text: '字'.repeat(60_000), spans: [{ from: 0, to: 60_000, bold: true }] }]);
  });

  test('a picture whose file is missing from the package is named as missing, not as a format to convert', async () => {
    const m = await readManuscript(
      await docx(documentXml('w', para('题目') + para('正文。') + `<w:p>${picture('rGone')}</w:p>`), {
        'word/_rels/document.xml.rels': rels.replace(
          '</Relationships>',
          `<Relationship Id="rGone" Type="${R}/image" Target="media/gone.png"/></Relationships>`,
        ),
      }),
      'paper.docx',
    );
    expect(m.warnings).toContain('图片 gone.png 在稿件文件中找不到（文件可能已损坏），已略去');
  });
});

describe('pictures judged by their bytes, not their names', () => {
  /** A PNG header that claims a size, with no picture behind it. */
  const pngClaiming = (width: number, height: number) => {
    const header = Buffer.from(PNG.subarray(0, 33));
    header.writeUInt32BE(width, 16);
    header.writeUInt32BE(height, 20);
    return header;
  };
  const disguised: Record<string, Buffer> = {
    'vector.png': Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="file:///etc/passwd"/></svg>'),
    'metafile.jpg': Buffer.concat([Buffer.from([1, 0, 0, 0, 108, 0, 0, 0]), Buffer.alloc(32), Buffer.from(' EMF'), Buffer.alloc(60)]),
    'windows.gif': Buffer.concat([Buffer.from([0xd7, 0xcd, 0xc6, 0x9a]), Buffer.alloc(40)]),
    'page.png': Buffer.from('<!doctype html><html><body><img src="http://example.com/x.png"></body></html>'),
    'huge.png': pngClaiming(30_000, 30_000),
  };

  test('SVG, EMF, WMF and HTML under picture names, or a picture too large, are left out with a warning; the rest is typeset and only real pictures reach the document', async () => {
    const names = ['figure.png', ...Object.keys(disguised)];
    const relations = names.map((name, i) => `<Relationship Id="rP${i}" Type="${R}/image" Target="media/${name}"/>`).join('');
    const parts = {
      'word/_rels/document.xml.rels': rels.replace('</Relationships>', `${relations}</Relationships>`),
      ...Object.fromEntries(Object.entries(disguised).map(([name, data]) => [`word/media/${name}`, data])),
    };
    const document =
      para('题目') + para('第一章 绪论', '<w:pStyle w:val="1"/>') + names.map((_, i) => `<w:p>${picture(`rP${i}`)}</w:p>`).join('') + para('图后的正文。');
    const m = await readManuscript(await docx(documentXml('w', document), parts), 'paper.docx');

    expect(m.body.map((block) => block.kind)).toEqual(['heading', 'image', 'paragraph']);
    expect(m.body[1]).toMatchObject({ kind: 'image', type: 'png', width: 2, height: 2 });
    for (const name of ['vector.png', 'metafile.jpg', 'windows.gif', 'page.png']) {
      expect(m.warnings).toContain(`图片 ${name} 的格式无法排入（只能排入 PNG、JPG、GIF 或 BMP 图片），请另存为 PNG 或 JPG 后插入，已略去`);
    }
    expect(m.warnings).toContain('图片 huge.png 太大（30000×30000 像素），请缩小后插入，已略去');

    // what the layout engine is given: the typeset document holds the one real picture and none of the rest
    const written = await JSZip.loadAsync(await writeDocx(m, bachelor, FIELDS));
    const media = Object.keys(written.files).filter((name) => name.startsWith('word/media/'));
    expect(media).toHaveLength(1);
    expect((await written.file(media[0])!.async('nodebuffer')).equals(PNG)).toBe(true);
    expect(await written.file('word/document.xml')!.async('string')).toContain('图后的正文。');
  });

  test('a Markdown picture is judged by its bytes too, whatever type its data address claims', async () => {
    const svg = disguised['vector.png'].toString('base64');
    const m = await readManuscript(
      Buffer.from(`# 题目\n\n## 第一章 绪论\n\n![结构](data:image/png;base64,${svg})\n\n![图](data:image/png;base64,${PNG.toString('base64')})\n\n正文。\n`),
      'paper.md',
    );
    expect(m.body.filter((block) => block.kind === 'image')).toHaveLength(1);
    expect(m.warnings).toContain('图片 结构 的格式无法排入（只能排入 PNG、JPG、GIF 或 BMP 图片），请另存为 PNG 或 JPG 后插入，已略去');
  });
});

describe('footnotes', () => {
  test('typeset as footnotes where they are marked; one marked outside a body paragraph (here the title) is named in a warning', async () => {
    const notes = `<w:footnotes xmlns:w="${W}"><w:footnote w:id="2"><w:p>${run('基金项目：示例基金。')}</w:p></w:footnote><w:footnote w:id="7"><w:p>${run('数据来自县教育局。')}</w:p></w:footnote></w:footnotes>`;
    const reference = (id: number) => `<w:r><w:footnoteReference w:id="${id}"/></w:r>`;
    const content = `<w:p>${run('县域中学课后服务研究')}${reference(2)}</w:p>${para('摘要：本文。')}${para('第一章 绪论', '<w:pStyle w:val="1"/>')}<w:p>${run('经费来自财政')}${reference(7)}${run('，逐年增加。')}</w:p>`;
    const m = await readManuscript(await docx(documentXml('w', content), { 'word/footnotes.xml': notes }), 'paper.docx');
    expect(m.title).toBe('县域中学课后服务研究');
    expect(m.body[1]).toEqual({ kind: 'paragraph', text: '经费来自财政，逐年增加。', notes: [{ at: 6, note: 2 }] });
    expect(m.warnings).toContain(
      '1 条脚注标在正文段落以外（题目、摘要、标题、列表、表格、图表标题或参考文献中），未能作为脚注排入，请排版后补上：“基金项目：示例基金。”',
    );

    const written = await JSZip.loadAsync(await writeDocx(m, bachelor, FIELDS));
    const document = await written.file('word/document.xml')!.async('string');
    expect(document).toMatch(
      /经费来自财政<\/w:t><\/w:r><w:r>(<w:rPr>(?:(?!<\/w:r>).)*<\/w:rPr>)?<w:footnoteReference w:id="2"\/><\/w:r><w:r>(?:(?!<\/w:r>).)*，逐年增加。/,
    );
    expect(document.match(/<w:footnoteReference /g)).toHaveLength(1);
    const footnotes = await written.file('word/footnotes.xml')!.async('string');
    expect(footnotes).toMatch(/<w:footnote w:id="2">(?:(?!<\/w:footnote>).)*数据来自县教育局。/);
    expect(footnotes).not.toContain('基金项目');
  });
});
