/** The typesetting engine alone: manuscripts of three kinds in, a .docx that follows the template out. */
import { Document, HeadingLevel, Math, MathFraction, MathRun, MathSubScript, Packer, Paragraph, Table, TableCell, TableRow, TextRun } from 'docx';
import JSZip from 'jszip';
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { SEED_FOLDER } from '../../server/src/seed';
import yauzl from 'yauzl';
import { ExtractError, inspectDocx } from '../../server/src/engines/text/extract';
import { coverFields } from '../../server/src/engines/typeset/layout';
import { readManuscript } from '../../server/src/engines/typeset/manuscript';
import { formatReferences } from '../../server/src/engines/typeset/references';
import { checkTemplate, type Template } from '../../server/src/engines/typeset/template';
import { writeDocx } from '../../server/src/engines/typeset/writer';
import { FIELDS, MARKDOWN, PLAIN, PNG, markdownThesis, wordManuscript, wordManuscriptWithCover, wordThesis } from '../fixtures/manuscripts';

const templates = new Map(
  readdirSync(join(SEED_FOLDER, 'templates')).map((f) => {
    const template = checkTemplate(JSON.parse(readFileSync(join(SEED_FOLDER, 'templates', f), 'utf8')));
    return [template.id, template] as const;
  }),
);
const bachelor = templates.get('general-bachelor')!;
async function xmlOf(docx: Buffer) {
  const zip = await JSZip.loadAsync(docx);
  const read = async (name: string) => (await zip.file(name)?.async('string')) ?? '';
  return {
    zip,
    document: await read('word/document.xml'),
    styles: await read('word/styles.xml'),
    numbering: await read('word/numbering.xml'),
    files: Object.keys(zip.files),
    read,
  };
}

describe('reading manuscripts', () => {
  test('a Word manuscript: title, abstracts, keywords, styled headings, a table and a picture with captions, references', async () => {
    const m = await readManuscript(await wordManuscript(), 'paper.docx');
    expect(m.title).toBe('县域中学课后服务研究');
    expect(m.abstractZh).toBe('本文讨论县域中学课后服务的组织方式。');
    expect(m.keywordsZh).toEqual(['课后服务', '县域中学', '教师激励']);
    expect(m.keywordsEn).toEqual(['after-school services', 'county schools']);
    expect(m.body.filter((b) => b.kind === 'heading')).toEqual([
      { kind: 'heading', level: 1, text: '绪论' },
      { kind: 'heading', level: 2, text: '研究背景' },
      { kind: 'heading', level: 1, text: '结论' },
    ]);
    expect(m.body.find((b) => b.kind === 'table')).toMatchObject({
      caption: '两校的基本情况',
      rows: [
        ['学校', '学生数'],
        ['甲校', '1200'],
      ],
    });
    expect(m.body.find((b) => b.kind === 'image')).toMatchObject({ type: 'png', caption: '课后服务的组织结构' });
    expect(m.references).toEqual(['王明. 课后服务的实践[J]. 教育研究, 2021, 42(3): 10-18.', '李华. 县域教育[M]. 北京: 教育出版社, 2020.']);
    expect(m.acknowledgements).toEqual([{ kind: 'paragraph', text: '感谢导师的指导。' }]);
  });

  test('a plain text manuscript with numbered headings', async () => {
    const m = await readManuscript(Buffer.from(PLAIN), 'paper.txt');
    expect(m.body.filter((b) => b.kind === 'heading').map((b) => [b.kind === 'heading' && b.level, b.kind === 'heading' && b.text])).toEqual([
      [1, '绪论'],
      [2, '研究背景'],
      [3, '政策沿革'],
      [1, '结论'],
    ]);
    expect(m.abstractZh).toBe('本文讨论县域中学课后服务的组织方式。');
    expect(m.references).toHaveLength(1);
  });

  test('a Markdown manuscript, reporting what it could not place', async () => {
    const m = await readManuscript(Buffer.from(MARKDOWN), 'paper.md');
    expect(m.body.find((b) => b.kind === 'list')).toEqual({ kind: 'list', ordered: false, items: ['经费', '激励'] });
    expect(m.body.find((b) => b.kind === 'table')).toMatchObject({ caption: '两校的基本情况' });
    expect(m.warnings.some((w) => w.includes('figure.png'))).toBe(true);
    expect(m.references).toEqual(['王明. 课后服务的实践[J]. 教育研究, 2021.']);
  });

  test('Markdown written as plain text, a line a paragraph with no blank line after a heading, reads as the .txt does', async () => {
    const lines = [
      '课后服务的调查',
      '',
      '摘要：本文调查课后服务。',
      '关键词：课后服务；中学',
      '',
      '第一章 引言',
      '近年来课后服务普遍开展。',
      '',
      '1.1 背景',
      '学校各有安排。',
      '第二章 结论',
      '要看经费。',
    ];
    const md = await readManuscript(Buffer.from(lines.join('\n')), 'draft.md');
    const txt = await readManuscript(Buffer.from(lines.join('\n')), 'draft.txt');
    expect(md.body.map((b) => (b.kind === 'heading' ? ['heading', b.level, b.text] : [b.kind, b.kind === 'paragraph' && b.text]))).toEqual([
      ['heading', 1, '引言'],
      ['paragraph', '近年来课后服务普遍开展。'],
      ['heading', 2, '背景'],
      ['paragraph', '学校各有安排。'],
      ['heading', 1, '结论'],
      ['paragraph', '要看经费。'],
    ]);
    expect(md).toMatchObject({ title: '课后服务的调查', abstractZh: '本文调查课后服务。', keywordsZh: ['课后服务', '中学'] });
    expect(md.body).toEqual(txt.body);
    // a line wrapped mid-sentence that happens to start as a part does (关键词) stays in its paragraph
    const wrapped = await readManuscript(Buffer.from('题目\n\n摘要：本文。\n\n# 引言\n\n写完摘要之后列出\n关键词：一般三到五个，用分号隔开。'), 'w.md');
    expect(wrapped.keywordsZh).toEqual([]);
    expect(wrapped.body.map((b) => (b.kind === 'paragraph' ? b.text : b.kind))).toEqual(['heading', '写完摘要之后列出 关键词：一般三到五个，用分号隔开。']);
    // a picture stays under the heading its line follows
    const pictured = await readManuscript(
      Buffer.from(`题目\n\n摘要：本文。\n\n第一章 引言\n引言正文。\n第二章 方法\n方法正文。\n![图](data:image/png;base64,${PNG.toString('base64')})`),
      'p.md',
    );
    expect(pictured.body.map((b) => b.kind)).toEqual(['heading', 'paragraph', 'heading', 'image', 'paragraph']);
    // English wrapped at a line's end stays one paragraph, though a line starts as a numbered heading would
    const english = await readManuscript(Buffer.from('Title\n\n# Introduction\n\nThis study looks at services in\n2 county towns after school.'), 'e.md');
    expect(english.body.map((b) => (b.kind === 'heading' || b.kind === 'paragraph' ? b.text : b.kind))).toEqual([
      'Introduction',
      'This study looks at services in 2 county towns after school.',
    ]);
  });

  test.each(['heading', 'inline'] as const)(
    'Markdown with `# 题目` first and the abstract %s: title, abstracts, keywords, chapters from 1, the same structure as the .docx',
    async (abstract) => {
      const md = await readManuscript(Buffer.from(markdownThesis(abstract)), 'paper.md');
      expect(md.title).toBe('县域中学课后服务研究');
      expect(md.abstractZh).toBe('本文讨论县域中学课后服务的组织方式。');
      expect(md.abstractEn).toBe('This thesis studies after-school services.');
      expect(md.keywordsZh).toEqual(['课后服务', '县域中学']);
      expect(md.keywordsEn).toEqual(['after-school services', 'county schools']);
      expect(md.body.filter((b) => b.kind === 'heading')).toEqual([
        { kind: 'heading', level: 1, text: '绪论' },
        { kind: 'heading', level: 2, text: '研究背景' },
        { kind: 'heading', level: 1, text: '结论' },
      ]);
      expect(md.warnings).toEqual([]);
      const word = await readManuscript(await wordThesis(), 'paper.docx');
      expect(md).toEqual(word);
      // written: the first chapter is 第1章, its table 表1-1, and the keywords are on the abstract's page
      const xml = (await xmlOf(await writeDocx(md, bachelor, FIELDS))).document;
      expect(xml).toContain('表1-1  两校的基本情况');
      expect(xml).toMatch(/关键词：<\/w:t>[\s\S]*?课后服务；县域中学/);
      expect(xml).toContain('after-school services; county schools');
    },
  );

  test('the usual forms of 摘要 and 关键词; keywords under a heading; nothing dropped', async () => {
    const text = [
      '题目',
      '【摘要】本文讨论课后服务。',
      '关键字 课后服务，县域中学',
      'ABSTRACT',
      'This thesis studies services.',
      'KEY WORDS：services; schools',
      '第一章 绪论',
      '正文。',
    ].join('\n');
    const m = await readManuscript(Buffer.from(text), 'paper.txt');
    expect(m).toMatchObject({
      title: '题目',
      abstractZh: '本文讨论课后服务。',
      keywordsZh: ['课后服务', '县域中学'],
      abstractEn: 'This thesis studies services.',
      keywordsEn: ['services', 'schools'],
    });
    const md = await readManuscript(
      Buffer.from(['# 题目', '', '# 摘要', '', '本文。', '', '# 关键词', '', '甲；乙', '', '# 绪论', '', '正文。', '', '# 结论', '', '完。'].join('\n')),
      'a.md',
    );
    expect(md).toMatchObject({ title: '题目', abstractZh: '本文。', keywordsZh: ['甲', '乙'] });
    expect(md.body.filter((b) => b.kind === 'heading').map((b) => b.kind === 'heading' && b.text)).toEqual(['绪论', '结论']);
    // keywords without an abstract are still written
    const bare = await readManuscript(Buffer.from(['题目', '关键词：甲；乙', '第一章 绪论', '正文。'].join('\n')), 'b.txt');
    expect(bare.warnings).toContain('没有找到摘要（以“摘要”或“Abstract”开头的段落）');
    expect((await xmlOf(await writeDocx(bare, bachelor, FIELDS))).document).toContain('甲；乙');
  });

  describe('lines before the abstract: a cover, an author’s name', () => {
    const withCover = wordManuscriptWithCover;
    const chapters = (m: Awaited<ReturnType<typeof readManuscript>>) => m.body.flatMap((b) => (b.kind === 'heading' ? [b.text] : []));

    test('a labelled cover line is read as the cover, and 摘要 after it is the abstract: the body’s 第一章 is its first chapter', async () => {
      const m = await readManuscript(await withCover(['学生姓名：林晓明']), 'paper.docx');
      expect(m).toMatchObject({ title: '县域中学课后服务研究', abstractZh: '本文讨论县域中学课后服务的组织方式。', keywordsZh: ['课后服务', '县域中学'] });
      expect(chapters(m)).toEqual(['绪论', '结论']);
      expect(m.body[1]).toEqual({ kind: 'paragraph', text: '课后服务关系到学生的成长。' });
      expect(m.cover).toEqual({ author: '林晓明' });
      expect(m.warnings).toEqual(['稿件开头的封面信息未排入正文（封面按填写的信息排出）：“学生姓名：林晓明”']);
      // the written thesis: the abstract in the front matter, 摘要 not a chapter
      const { document } = await xmlOf(await writeDocx(m, bachelor, FIELDS));
      expect(document).toContain('本文讨论县域中学课后服务的组织方式。');
      expect(document.match(/<w:pStyle w:val="Heading1"\/>/g)).toHaveLength(2);
    });

    test('a bare name before the abstract is left out and named; a cover page’s school, kind of paper and spaced-out labels are read', async () => {
      const bare = await readManuscript(await withCover(['林晓明']), 'paper.docx');
      expect(chapters(bare)).toEqual(['绪论', '结论']);
      expect(bare.abstractZh).toBe('本文讨论县域中学课后服务的组织方式。');
      expect(bare.warnings).toEqual(['摘要前的内容不是题目或封面信息，已略去（封面按填写的信息排出）：“林晓明”']);

      const text = [
        '示例大学',
        '本科毕业论文',
        '县域中学课后服务研究',
        '学    院：教育学院',
        '专    业：教育学',
        '学号：2022001 班级：教育2201',
        '指导教师：周老师',
        '2026年5月',
        '摘  要',
        '本文讨论课后服务。',
        '目录',
        '第一章 绪论\t1',
        '第一章 绪论',
        '正文。',
      ].join('\n');
      const page = await readManuscript(Buffer.from(text), 'paper.txt');
      expect(page).toMatchObject({ title: '县域中学课后服务研究', abstractZh: '本文讨论课后服务。' });
      expect(page.cover).toEqual({ major: '教育学', studentNumber: '2022001', supervisor: '周老师', date: '2026年5月' });
      expect(chapters(page)).toEqual(['绪论']);
      expect(page.warnings).toContain(
        '稿件开头的封面信息未排入正文（封面按填写的信息排出）：“示例大学”“本科毕业论文”“学    院：教育学院”“专    业：教育学”“学号：2022001 班级：教育2201”“指导教师：周老师”“2026年5月”',
      );
      expect(page.warnings.filter((w) => w.includes('无法识别') || w.includes('摘要前的内容'))).toEqual([]);
    });

    test('without an abstract, what stood before the first chapter is still the start of the body, as before', async () => {
      const m = await readManuscript(Buffer.from(['县域中学课后服务研究', '林晓明', '第一章 绪论', '正文。'].join('\n')), 'paper.txt');
      expect(m.body.slice(0, 2)).toEqual([
        { kind: 'paragraph', text: '林晓明' },
        { kind: 'heading', level: 1, text: '绪论' },
      ]);
      expect(m.warnings).toContain('正文前的内容“林晓明”无法识别，已放入正文开头');
    });

    test('a cover field the form left empty is filled from the manuscript’s cover line, and the student told; one the form filled is kept', async () => {
      const m = await readManuscript(await withCover(['指导教师：吴老师', '学号：2022099']), 'paper.docx');
      const { supervisor: _s, ...withoutSupervisor } = FIELDS;
      const filled = coverFields({ ...withoutSupervisor, supervisor: ' ' }, m, bachelor);
      expect(filled.fields).toMatchObject({ supervisor: '吴老师', studentNumber: FIELDS.studentNumber });
      expect(filled.notices).toEqual(['封面的指导教师没有填写，已按稿件中的“吴老师”排入']);
      expect(coverFields(FIELDS, m, bachelor)).toEqual({ fields: FIELDS, notices: [] });
    });
  });

  test('a contents list the manuscript brings is left out with a warning, not read as chapters or glued to the abstract', async () => {
    const lines = [
      '题目',
      '摘要：本文讨论课后服务。',
      '目  录',
      '第一章 绪论\t1',
      '1.1 研究背景 ........ 2',
      '第二章 结论  12',
      '参考文献\t14',
      '第一章 绪论',
      '正文。',
      '1.1 研究背景',
      '背景。',
      '第二章 结论',
      '完。',
    ];
    const expected = {
      abstractZh: '本文讨论课后服务。',
      body: [
        { kind: 'heading', level: 1, text: '绪论' },
        { kind: 'paragraph', text: '正文。' },
        { kind: 'heading', level: 2, text: '研究背景' },
        { kind: 'paragraph', text: '背景。' },
        { kind: 'heading', level: 1, text: '结论' },
        { kind: 'paragraph', text: '完。' },
      ],
      warnings: ['稿件自带的目录（4 条）已略去：排版后的目录按正文的标题重新生成，页码由排版算出'],
    };
    expect(await readManuscript(Buffer.from(lines.join('\n')), 'a.txt')).toMatchObject(expected);
    const markdown = [
      '# 题目',
      '',
      lines[1],
      '',
      '## 目录',
      '',
      ...lines.slice(3, 7).map((l) => `- ${l.replace('\t', ' ')}`),
      '',
      '## 绪论',
      '',
      '正文。',
      '',
      '### 研究背景',
      '',
      '背景。',
      '',
      '## 结论',
      '',
      '完。',
    ];
    expect(await readManuscript(Buffer.from(markdown.join('\n')), 'a.md')).toMatchObject(expected);
  });

  test('Markdown footnotes become footnotes where they are marked (one referred to twice keeps its number); nested list items each stand alone', async () => {
    const md = [
      '# 题目',
      '',
      '摘要：本文。',
      '',
      '## 绪论',
      '',
      '经费来自财政[^src]，逐年增加[^src]。',
      '',
      '- 经费',
      '    - 财政拨款',
      '- 激励',
      '',
      '政策经历了三个阶段[^2]。',
      '',
      '[^src]: 数据来自**县教育局**。',
      '[^2]: 见附录。',
    ].join('\n');
    const m = await readManuscript(Buffer.from(md), 'a.md');
    expect(m.body).toEqual([
      { kind: 'heading', level: 1, text: '绪论' },
      {
        kind: 'paragraph',
        text: '经费来自财政，逐年增加。',
        notes: [
          { at: 6, note: 1 },
          { at: 11, note: 1 },
        ],
      },
      { kind: 'list', ordered: false, items: ['经费', '财政拨款', '激励'] },
      { kind: 'paragraph', text: '政策经历了三个阶段。', notes: [{ at: 9, note: 2 }] },
    ]);
    expect(m.notes).toEqual(['数据来自县教育局。', '见附录。']);
    expect(m.warnings).toEqual(['多级列表已合并为一级']);
    const xml = (await xmlOf(await writeDocx(m, bachelor, FIELDS))).read('word/footnotes.xml');
    expect(await xml).toContain('数据来自县教育局。');
  });

  test('bold, italic, superscript and subscript in a paragraph are kept where they are; a run set not-bold stays plain', async () => {
    const run = (text: string, options: Record<string, unknown> = {}) => new TextRun({ text, ...options });
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ heading: HeadingLevel.HEADING_1, text: '第一章 绪论' }),
            new Paragraph({
              children: [
                run('面积 m'),
                run('2', { superScript: true }),
                run('，水 H'),
                run('2', { subScript: true }),
                run('O，'),
                run('加粗', { bold: true }),
                run('与'),
                run('斜体', { italics: true }),
                run('，不加粗', { bold: false }),
                run('。'),
              ],
            }),
          ],
        },
      ],
    });
    const m = await readManuscript(await Packer.toBuffer(doc), 'a.docx');
    expect(m.body[1]).toEqual({
      kind: 'paragraph',
      text: '面积 m2，水 H2O，加粗与斜体，不加粗。',
      spans: [
        { from: 4, to: 5, vertAlign: 'superscript' },
        { from: 9, to: 10, vertAlign: 'subscript' },
        { from: 12, to: 14, bold: true },
        { from: 15, to: 17, italic: true },
      ],
    });
    const { document } = await xmlOf(await writeDocx(m, bachelor, FIELDS));
    expect(document).toContain(
      '<w:r><w:t xml:space="preserve">面积 m</w:t></w:r><w:r><w:rPr><w:vertAlign w:val="superscript"/></w:rPr><w:t xml:space="preserve">2</w:t></w:r><w:r><w:t xml:space="preserve">，水 H</w:t></w:r><w:r><w:rPr><w:vertAlign w:val="subscript"/></w:rPr><w:t xml:space="preserve">2</w:t></w:r>',
    );
    expect(document).toContain('<w:r><w:rPr><w:b/><w:bCs/></w:rPr><w:t xml:space="preserve">加粗</w:t></w:r>');
    expect(document).toContain(
      '<w:r><w:rPr><w:i/><w:iCs/></w:rPr><w:t xml:space="preserve">斜体</w:t></w:r><w:r><w:t xml:space="preserve">，不加粗。</w:t></w:r>',
    );
    // Markdown's **bold** and *italic* too
    const md = await readManuscript(Buffer.from('# 第一章 绪论\n\n正文**重点**与*术语*。\n'), 'a.md');
    expect(md.body[1]).toMatchObject({
      spans: [
        { from: 2, to: 4, bold: true },
        { from: 5, to: 7, italic: true },
      ],
    });
  });

  test('Word equations are carried into the typeset paragraph as equations; one in a table keeps its letters and is warned about', async () => {
    const formula = () =>
      new Math({
        children: [
          new MathFraction({
            numerator: [new MathSubScript({ children: [new MathRun('r')], subScript: [new MathRun('u,i')] })],
            denominator: [new MathRun('n')],
          }),
        ],
      });
    const doc = new Document({
      sections: [
        {
          children: [
            new Paragraph({ heading: HeadingLevel.HEADING_1, text: '第一章 绪论' }),
            new Paragraph({ children: [new TextRun('其中 '), formula(), new TextRun(' 表示用户对文献的评分。')] }),
            new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph({ children: [formula()] })] })] })] }),
          ],
        },
      ],
    });
    const m = await readManuscript(await Packer.toBuffer(doc), 'a.docx');
    expect(m.body[1]).toMatchObject({ kind: 'paragraph', text: '其中 ru,in 表示用户对文献的评分。', formulas: [{ from: 3, to: 8 }] });
    expect(m.warnings).toContainEqual(expect.stringMatching(/^1 处公式位于正文段落以外.*请排版后核对/));
    const { document } = await xmlOf(await writeDocx(m, templates.get('general-master')!, FIELDS));
    expect(document).toContain(
      '<w:r><w:t xml:space="preserve">其中 </w:t></w:r><m:oMath><m:f><m:num><m:sSub><m:sSubPr></m:sSubPr><m:e><m:r><m:t>r</m:t></m:r></m:e><m:sub><m:r><m:t>u,i</m:t></m:r></m:sub></m:sSub></m:num><m:den><m:r><m:t>n</m:t></m:r></m:den></m:f></m:oMath><w:r><w:t xml:space="preserve"> 表示用户对文献的评分。</w:t></w:r>',
    );
    // its lines grow to hold the fraction instead of clipping it at the exact 20 pt
    expect(document).toMatch(/<w:spacing w:line="400" w:lineRule="atLeast"\/><\/w:pPr><w:r><w:t xml:space="preserve">其中 /);
    expect(document).not.toContain('OmmlFormula');
    expect(document).toContain('ru,in');
  });

  test('malformed, encrypted and empty manuscripts are refused with a clear message', async () => {
    await expect(readManuscript(Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(100, 3)]), 'a.docx')).rejects.toThrow('文件已损坏，无法打开');
    await expect(readManuscript(Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(100)]), 'a.docx')).rejects.toThrow(/已加密/);
    await expect(readManuscript(Buffer.alloc(0), 'a.txt')).rejects.toThrow('文件是空的');
    await expect(readManuscript(Buffer.from('x'), 'a.pdf')).rejects.toThrow(ExtractError);
  });
});

describe('references in the template’s style', () => {
  const entries = [
    '王明，李华，张三，赵四．课后服务的实践［J］．教育研究，2021，42（3）：10－18．',
    '李华. 县域教育. 北京: 教育出版社, 2020.',
    '陈晨. 县域中学课后服务研究[D]. 上海: 华东师范大学, 2019.',
    'Smith J, Brown K A. After-school programs[J]. Child Development, 2018, 89(2): 100-120.',
    '老师上课讲的内容',
  ];

  test('GB/T 7714-2015: half-width punctuation, type marks, at most three authors then 等; what cannot be parsed is kept and warned', () => {
    const { references, warnings } = formatReferences(entries, 'gbt7714');
    expect(references).toEqual([
      '王明, 李华, 张三, 等. 课后服务的实践[J]. 教育研究, 2021, 42(3): 10-18.',
      '李华. 县域教育[M]. 北京: 教育出版社, 2020.',
      '陈晨. 县域中学课后服务研究[D]. 上海: 华东师范大学, 2019.',
      'Smith J, Brown K A. After-school programs[J]. Child Development, 2018, 89(2): 100-120.',
      '老师上课讲的内容',
    ]);
    expect(warnings).toEqual([expect.stringContaining('参考文献第 5 条无法识别')]);
  });

  test('a journal without volumes (年(期): 页), in half- or full-width punctuation, is a journal entry; the dash in its title stays', () => {
    const { references, warnings } = formatReferences(
      [
        '汪向东. 农村经济社会转型的新模式——以沙集电子商务为例[J]. 工程研究, 2013(2): 194-200.',
        '曾亿武，郭红东．电子商务协会促进农产品电子商务发展的机理［J］．农业经济问题，2016（4）：39—48．',
        '王明. 课后服务的实践. 教育研究, 2021, 42(3): 10-18.',
        '李华. 县域教育的变迁. 教育学报, 2019(6): 5-9.',
      ],
      'gbt7714',
    );
    expect(references).toEqual([
      '汪向东. 农村经济社会转型的新模式——以沙集电子商务为例[J]. 工程研究, 2013(2): 194-200.',
      '曾亿武, 郭红东. 电子商务协会促进农产品电子商务发展的机理[J]. 农业经济问题, 2016(4): 39-48.',
      '王明. 课后服务的实践[J]. 教育研究, 2021, 42(3): 10-18.',
      '李华. 县域教育的变迁[J]. 教育学报, 2019(6): 5-9.',
    ]);
    expect(warnings).toEqual([]);
  });

  describe('entries of other GB/T types, dated: an online resource, a paper in proceedings, a newspaper article', () => {
    const others = [
      'Howard A G, Zhu M, Chen B, Kalenichenko D. MobileNets: efficient networks for mobile vision[EB/OL]. (2017-04-17)[2024-03-01]. https://arxiv.org/abs/1704.04861.',
      '李四，王五．课后服务研究［C］//中国教育学会．2019年学术年会论文集．北京：教育出版社，2019：12-20．',
      '张三. 县域教育的新路[N]. 人民日报, 2020-11-20(15).',
    ];

    test('GB/T 7714-2015: kept as written but for their authors and punctuation, with no warning', () => {
      expect(formatReferences(others, 'gbt7714')).toEqual({
        references: [
          'Howard A G, Zhu M, Chen B, et al. MobileNets: efficient networks for mobile vision[EB/OL]. (2017-04-17)[2024-03-01]. https://arxiv.org/abs/1704.04861.',
          '李四, 王五. 课后服务研究[C]//中国教育学会. 2019年学术年会论文集. 北京: 教育出版社, 2019: 12-20.',
          '张三. 县域教育的新路[N]. 人民日报, 2020-11-20(15).',
        ],
        warnings: [],
      });
    });

    test('APA 7: an online resource with its year and address; the others kept and warned', () => {
      const { references, warnings } = formatReferences(others, 'apa');
      expect(references[0]).toBe(
        'Howard, A. G., Zhu, M., Chen, B., & Kalenichenko, D. (2017). MobileNets: efficient networks for mobile vision. https://arxiv.org/abs/1704.04861',
      );
      expect(references.slice(1)).toEqual(others.slice(1));
      expect(warnings).toEqual([expect.stringContaining('参考文献第 2 条无法识别'), expect.stringContaining('参考文献第 3 条无法识别')]);
    });
  });

  test('an entry that cannot be read is quoted whole, its source part included', () => {
    const entry = '赵六. 一篇很长很长的题名，长到超过四十个字也还没有写完的一项研究报告[R]. 某地: 某出版社, 二〇二〇年.';
    expect(formatReferences([entry], 'gbt7714').warnings).toEqual([expect.stringContaining(`“${entry}”`)]);
  });

  test('APA 7: authors with initials and &, the year after them, volume(issue), pages with an en dash', () => {
    const { references, warnings } = formatReferences([...entries, 'Zhou, L. (2020). Later. Press.'], 'apa');
    expect(references[3]).toBe('Smith, J., & Brown, K. A. (2018). After-school programs. Child Development, 89(2), 100–120.');
    expect(references[0]).toBe('王明, 李华, 张三, & 赵四 (2021). 课后服务的实践. 教育研究, 42(3), 10–18.');
    expect(references[5]).toBe('Zhou, L. (2020). Later. Press.');
    expect(warnings).toHaveLength(1);
  });
});

describe('writing the .docx', () => {
  test('all four templates are valid data', () => {
    expect([...templates.keys()].sort()).toEqual(['english-thesis-apa', 'general-bachelor', 'general-master', 'journal-gbt7714']);
    expect(() => checkTemplate({ ...bachelor, page: { ...bachelor.page, size: 'B5' } })).toThrow(/page\/size/);
  });

  test('named styles, numbering, three sections with their page numbers, a TOC field, headers, images and tables', async () => {
    const m = await readManuscript(await wordManuscript(), 'paper.docx');
    const xml = await xmlOf(await writeDocx(m, bachelor, FIELDS));
    // styles: Heading 1 in 黑体 三号 (16 pt = 32 half-points), body 宋体 小四 1.5 lines
    expect(xml.styles).toMatch(/<w:style w:type="paragraph" w:styleId="Heading1">[\s\S]*?w:eastAsia="黑体"[\s\S]*?<w:sz w:val="32"\/>/);
    expect(xml.styles).toMatch(/w:styleId="Normal"[\s\S]*?w:eastAsia="宋体"[\s\S]*?<w:sz w:val="24"\/>/);
    for (const id of ['Heading2', 'Heading3', 'Caption', 'Reference']) expect(xml.styles).toContain(`w:styleId="${id}"`);
    // numbering: 第1章 / 1.1 / 1.1.1
    expect(xml.numbering).toContain('w:val="第%1章"');
    expect(xml.numbering).toContain('w:val="%1.%2"');
    expect(xml.numbering).toContain('w:val="%1.%2.%3"');
    // sections: cover without numbers, front matter in Roman, body in Arabic from 1
    expect(xml.document.match(/<w:sectPr/g)).toHaveLength(3);
    expect(xml.document).toMatch(/<w:pgNumType w:start="1" w:fmt="upperRoman"\/>/);
    expect(xml.document).toMatch(/<w:pgNumType w:start="1" w:fmt="decimal"\/>/);
    expect(xml.document).toContain('TOC \\h \\o &quot;1-3&quot;');
    const headers = xml.files.filter((f) => /word\/header\d+\.xml/.test(f));
    expect((await Promise.all(headers.map(xml.read))).join('')).toContain('示例大学本科毕业论文');
    expect(xml.files.some((f) => f.startsWith('word/media/'))).toBe(true);
    expect(xml.document).toContain('<w:tbl>');
    expect(xml.document).toContain('表1-1  两校的基本情况');
    expect(xml.document).toContain('图1-1  课后服务的组织结构');
    expect(xml.document).toContain('[2] 李华. 县域教育[M]. 北京: 教育出版社, 2020.');
    expect(xml.document).toContain('学    号：2022001');
  });

  test('the package: every part of the document, XML deflated, pictures stored as they are, and it passes the upload inspection', async () => {
    const docx = await writeDocx(await readManuscript(await wordManuscript(), 'paper.docx'), bachelor, FIELDS);
    const methods = await new Promise<Map<string, number>>((resolve, reject) =>
      yauzl.fromBuffer(docx, (error, zip) => {
        if (error || !zip) return reject(error);
        const found = new Map<string, number>();
        zip.on('entry', (entry: yauzl.Entry) => found.set(entry.fileName, entry.compressionMethod));
        zip.on('end', () => resolve(found));
      }),
    );
    for (const part of ['[Content_Types].xml', '_rels/.rels', 'word/document.xml', 'word/styles.xml', 'word/numbering.xml', 'word/settings.xml'])
      expect(methods.get(part)).toBe(8);
    const pictures = [...methods].filter(([name]) => name.startsWith('word/media/'));
    expect(pictures.length).toBe(1);
    expect(pictures[0][1]).toBe(0);
    expect(Buffer.from(await (await JSZip.loadAsync(docx)).file(pictures[0][0])!.async('uint8array')).equals(PNG)).toBe(true);
    const parts = new Map<string, Buffer>();
    await inspectDocx(docx, parts);
    expect([...parts.keys()].sort()).toEqual([...methods.keys()].sort());
  });

  test("a cover line whose fields are all left empty is dropped with its label; the template's own lines stay", async () => {
    const m = await readManuscript(Buffer.from(PLAIN), 'paper.txt');
    const cover = async (template: Template) => {
      const { document } = await xmlOf(await writeDocx(m, template, { ...FIELDS, supervisor: '  ', studentNumber: '' }));
      return document.slice(0, document.indexOf('</w:sectPr>'));
    };
    const english = await cover(templates.get('english-thesis-apa')!);
    expect(english).not.toContain('Supervisor');
    expect(english).toContain(FIELDS.author);
    const chinese = await cover(bachelor);
    expect(chinese).not.toContain('指导教师');
    expect(chinese).not.toContain('学    号');
    expect(chinese).toContain('本科毕业论文');
    expect(chinese).toContain(`学生姓名：${FIELDS.author}`);
  });

  test('centred paragraphs and table cells have no first-line indent: they sit on the centre, not 2 characters right of it', async () => {
    const m = await readManuscript(await wordManuscript(), 'paper.docx');
    for (const template of templates.values()) {
      const xml = await xmlOf(await writeDocx(m, template, FIELDS));
      const styles = xml.styles.match(/<w:style w:type="paragraph"[\s\S]*?<\/w:style>/g)!;
      const centred = styles.filter((s) => s.includes('<w:jc w:val="center"/>'));
      expect(centred.length).toBeGreaterThan(4);
      for (const style of centred) expect(style).toMatch(/<w:ind w:firstLine="0"\/>/);
      expect(styles.find((s) => s.includes('w:styleId="TableText"'))).toMatch(/<w:ind w:firstLine="0"\/>/);
      // the picture's own paragraph (centred, in Normal)
      expect(xml.document).toMatch(
        /<w:p><w:pPr>(?:<w:keepNext\/>)?(?:<w:spacing [^>]*\/>)?<w:ind w:firstLine="0"\/><w:jc w:val="center"\/><\/w:pPr><w:r><w:drawing>/,
      );
    }
  });

  test('a style in larger type than the exact line of Normal gets a line that holds it (the master cover title in 二号 under 20 pt)', async () => {
    const m = await readManuscript(Buffer.from(PLAIN), 'paper.txt');
    for (const template of templates.values()) {
      const { styles } = await xmlOf(await writeDocx(m, template, FIELDS));
      const all = styles.match(/<w:style w:type="paragraph"[\s\S]*?<\/w:style>/g)!;
      const lineOf = (style: string) => /w:line="(\d+)" w:lineRule="(\w+)"/.exec(style);
      const normal = lineOf(all.find((s) => s.includes('w:styleId="Normal"'))!);
      for (const style of all.filter((s) => s.includes('<w:basedOn w:val="Normal"/>') && s.includes('<w:sz '))) {
        const size = Number(/<w:sz w:val="(\d+)"\/>/.exec(style)![1]) / 2;
        const [, line, rule] = lineOf(style) ?? normal ?? [];
        const id = /w:styleId="(\w+)"/.exec(style)![1];
        // an exact line at least 1.2 times the type, or a multiple of single spacing
        expect({ id, fits: rule !== 'exact' || Number(line) / 20 >= size * 1.2 }).toEqual({ id, fits: true });
      }
    }
  });

  test('a picture is kept on the page of its caption, a table caption on the page of its table, whose first row repeats as its header', async () => {
    const m = await readManuscript(await wordManuscript(), 'paper.docx');
    const { document } = await xmlOf(await writeDocx(m, bachelor, FIELDS));
    expect(document).toMatch(
      /<w:p><w:pPr><w:keepNext\/>[^]*?<\/w:pPr><w:r><w:drawing>[^]*?<\/w:p><w:p><w:pPr><w:pStyle w:val="Caption"\/><\/w:pPr><w:r><w:t xml:space="preserve">图1-1/,
    );
    expect(document).toContain(
      '<w:p><w:pPr><w:pStyle w:val="Caption"/><w:keepNext/></w:pPr><w:r><w:t xml:space="preserve">表1-1  两校的基本情况</w:t></w:r></w:p><w:tbl>',
    );
    const rows = document.match(/<w:tr>[^]*?<\/w:tr>/g)!;
    expect(rows.length).toBeGreaterThan(1);
    expect(rows[0]).toContain('<w:trPr><w:tblHeader/></w:trPr>');
    for (const row of rows.slice(1)) expect(row).not.toContain('tblHeader');
  });

  test("a picture's paragraph is single-spaced, not cut to the exact line of the body text (20 pt in the master's template)", async () => {
    const m = await readManuscript(await wordManuscript(), 'paper.docx');
    const { document } = await xmlOf(await writeDocx(m, templates.get('general-master')!, FIELDS));
    expect(document).toMatch(/<w:p><w:pPr><w:keepNext\/><w:spacing w:line="240" w:lineRule="auto"\/>[^]*?<\/w:pPr><w:r><w:drawing>/);
  });

  test('the journal template sets an article: no cover page nor contents, title, author and abstracts at the top of page 1, the body straight after', async () => {
    const journal = templates.get('journal-gbt7714')!;
    const m = await readManuscript(await wordManuscript(), 'paper.docx');
    const { document, files, read } = await xmlOf(await writeDocx(m, journal, FIELDS));
    // one section, numbered in Arabic from its first page; no Roman front matter, no contents field
    expect(document.match(/<w:sectPr/g)).toHaveLength(1);
    expect(document).toMatch(/<w:pgNumType w:start="1" w:fmt="decimal"\/>/);
    expect(document).not.toMatch(/w:fmt="\w*Roman"/);
    expect(document).not.toContain('TOC \\');
    expect(document).not.toContain('目  次');
    // no page is broken before the body: chapters, references and acknowledgements follow on
    expect(document).not.toContain('<w:br w:type="page"/>');
    expect(document).not.toContain('pageBreakBefore');
    // in order from the top: the title, the author, the affiliation, 摘要 and 关键词, Abstract and Key words, the first chapter
    const texts = [...document.matchAll(/<w:p>(?:<w:pPr><w:pStyle w:val="(\w+)"\/>[^]*?<\/w:pPr>)?([^]*?)<\/w:p>/g)].map(([, style, inner]) => ({
      style,
      text: [...inner.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(''),
    }));
    expect(texts.slice(0, 8)).toEqual([
      { style: 'Title', text: FIELDS.title },
      { style: 'CoverLine', text: FIELDS.author },
      { style: 'CoverLine', text: `（${FIELDS.school}）` },
      { style: 'AbstractBody', text: '摘要：本文讨论县域中学课后服务的组织方式。' },
      { style: 'Keywords', text: '关键词：课后服务；县域中学；教师激励' },
      { style: 'AbstractBody', text: 'Abstract: This thesis studies after-school services in county schools.' },
      { style: 'Keywords', text: 'Key words: after-school services; county schools' },
      { style: 'Heading1', text: '绪论' },
    ]);
    // the first page shows the title block instead of the running header (the title), its page number still in the footer
    expect(document).toContain('<w:titlePg/>');
    const part = async (kind: 'header' | 'footer') => {
      const id = new RegExp(`<w:${kind}Reference w:type="first" r:id="(\\w+)"/>`).exec(document)![1];
      const rels = await read('word/_rels/document.xml.rels');
      return read(`word/${new RegExp(`Id="${id}"[^>]*Target="([^"]+)"`).exec(rels)![1]}`);
    };
    expect(await part('header')).not.toContain(FIELDS.title);
    expect(await part('footer')).toContain('PAGE');
    const headers = await Promise.all(files.filter((f) => /word\/header\d+\.xml/.test(f)).map(read));
    expect(headers.join('')).toContain(FIELDS.title);
  });

  test('the journal template numbers figures and tables through the paper (图1, 图2, 表2), the theses by chapter (图2-1)', async () => {
    const m = await readManuscript(await wordManuscript(), 'paper.docx');
    const second = m.body.findIndex((b) => b.kind === 'heading' && b.text === '结论');
    const picture = m.body.find((b) => b.kind === 'image')!;
    const table = m.body.find((b) => b.kind === 'table')!;
    const paper = {
      ...m,
      body: [...m.body.slice(0, second + 1), { ...table, caption: '两校的经费来源' }, { ...picture, caption: '课程设置' }, ...m.body.slice(second + 1)],
    };
    const captions = async (template: Template) =>
      [...(await xmlOf(await writeDocx(paper, template, FIELDS))).document.matchAll(/<w:pStyle w:val="Caption"\/>[^]*?<w:t[^>]*>([^<]*)</g)].map((c) => c[1]);
    expect(await captions(templates.get('journal-gbt7714')!)).toEqual([
      '表1  两校的基本情况',
      '图1  课后服务的组织结构',
      '表2  两校的经费来源',
      '图2  课程设置',
    ]);
    expect(await captions(bachelor)).toEqual(['表1-1  两校的基本情况', '图1-1  课后服务的组织结构', '表2-1  两校的经费来源', '图2-1  课程设置']);
  });

  test('a template is refused when its parts disagree: a cover page without front-matter numbers, {chapter} in captions numbered through the paper', () => {
    const journal = templates.get('journal-gbt7714')!;
    expect(() => checkTemplate({ ...journal, cover: { ...journal.cover, layout: 'page' } })).toThrow(/\/pageNumbers\/front/);
    expect(() => checkTemplate({ ...journal, captions: { ...journal.captions, figure: '图{chapter}-{n}' } })).toThrow(/\/captions\/figure/);
    expect(() => checkTemplate({ ...journal, captions: { ...journal.captions, table: '表' } })).toThrow(/\/captions\/table/);
    expect(() => checkTemplate({ ...bachelor, cover: { ...bachelor.cover, layout: 'firstPage' } })).toThrow(/\/cover\/layout/);
  });

  test('the journal template numbers headings 一、/（一）, the English one sorts references APA-style', async () => {
    const m = await readManuscript(Buffer.from(PLAIN), 'paper.txt');
    const journal = await xmlOf(await writeDocx(m, templates.get('journal-gbt7714')!, FIELDS));
    expect(journal.numbering).toMatch(/w:val="chineseCounting"[\s\S]*?w:val="%1、"/);
    const english: Template = templates.get('english-thesis-apa')!;
    const refs = { ...m, references: ['Zhou, L. (2020). Later.', 'Adams, J. (2019). Earlier.'] };
    const apa = await xmlOf(await writeDocx(refs, english, FIELDS));
    expect(apa.document.indexOf('Adams, J.')).toBeLessThan(apa.document.indexOf('Zhou, L.'));
    expect(apa.document).toMatch(/<w:pgNumType w:start="1" w:fmt="lowerRoman"\/>/);
  });
});
