/** The one heading recogniser, shared by the similarity engine, the typesetting engine and the reading page. */
import { headingOf, namedPart, numberedHeading } from '../../common/text/headings';
import { chapters, referencesSection } from '../../server/src/engines/similarity/structure';
import { readManuscript } from '../../server/src/engines/typeset/manuscript';
import { pagesOf } from '../../src/pages/Document/Detail/paging';

describe('headings', () => {
  test('numbered headings of every usual form, with their level and without their number', () => {
    const cases: Array<[string, ReturnType<typeof numberedHeading>]> = [
      ['第一章 绪论', { level: 1, text: '绪论' }],
      ['第3章 方法', { level: 1, text: '方法' }],
      ['第 12 章 结论', { level: 1, text: '结论' }],
      ['3 方法', { level: 1, text: '方法' }],
      ['  2.1 数据来源', { level: 2, text: '数据来源' }],
      ['2.1.3 清洗', { level: 3, text: '清洗' }],
      ['一、引言', { level: 1, text: '引言' }],
      ['（二）样本', { level: 2, text: '样本' }],
      ['(三) 讨论', { level: 2, text: '讨论' }],
      ['1.1 这是一句以句号结尾的正文。', undefined],
    ];
    for (const [line, heading] of cases) expect(numberedHeading(line)).toEqual(heading);
  });

  test('what only looks like a heading is a paragraph: a sentence, a long line, a year', () => {
    expect(headingOf('1.1 这是一句以句号结尾的正文。')).toBeUndefined();
    expect(headingOf(`第一章 ${'很长的标题'.repeat(12)}`)).toBeUndefined();
    expect(headingOf('2023 年以来，各地陆续推行课后服务')).toBeUndefined();
    expect(headingOf('附录中给出了问卷的全文。')).toBeUndefined();
    expect(headingOf('')).toBeUndefined();
  });

  test('the named parts, in Chinese (spaced or not) and English', () => {
    expect(['参考文献', '参 考 文 献', 'References', 'BIBLIOGRAPHY'].map(namedPart)).toEqual(['references', 'references', 'references', 'references']);
    expect(['致谢', '致 谢', 'Acknowledgements', 'acknowledgments'].map(namedPart)).toEqual(Array(4).fill('acknowledgements'));
    expect(['附录', '附录A 调查问卷', 'Appendix B: Interview guide'].map(namedPart)).toEqual(Array(3).fill('appendix'));
    expect(namedPart('Appendixes are listed below')).toBeUndefined();
    expect(headingOf('参考文献')).toEqual({ level: 1, text: '参考文献', part: 'references' });
  });

  const paper = [
    '题目',
    '摘要：……',
    '第一章 绪论',
    '正文。',
    '1.1 背景',
    '正文。',
    '（一）样本',
    '正文。',
    '第二章 方法',
    '正文。',
    'Bibliography',
    '[1] 文献。',
    '附录A 问卷',
    '问题。',
  ];

  test('the similarity engine cuts chapters at the top-level headings, and the references end at the next named part', () => {
    const text = paper.join('\n');
    expect(chapters(text).map((c) => c.title)).toEqual(['前置部分', '第一章 绪论', '第二章 方法', 'Bibliography', '附录A 问卷']);
    const references = referencesSection(text)!;
    expect(text.slice(references.start, references.end)).toBe('Bibliography\n[1] 文献。\n');
  });

  test('the typesetting engine reads the same headings', async () => {
    const m = await readManuscript(Buffer.from(paper.join('\n')), 'paper.txt');
    expect(m.body.filter((b) => b.kind === 'heading')).toEqual([
      { kind: 'heading', level: 1, text: '绪论' },
      { kind: 'heading', level: 2, text: '背景' },
      { kind: 'heading', level: 2, text: '样本' },
      { kind: 'heading', level: 1, text: '方法' },
    ]);
    expect(m.references).toEqual(['文献。']);
    expect(m.appendices[0]).toEqual({ kind: 'heading', level: 1, text: '附录A 问卷' });
  });

  test('the reading page marks the same headings', () => {
    const marked = pagesOf(paper.join('\n'))
      .flat()
      .filter((p) => p.heading)
      .map((p) => p.text);
    expect(marked).toEqual(['第一章 绪论', '1.1 背景', '（一）样本', '第二章 方法', 'Bibliography', '附录A 问卷']);
  });
});
