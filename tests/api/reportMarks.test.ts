/** The report's marks and figures follow the paper's structure: no mark crosses a heading or a paragraph the copied text does not reach. */
import matter from 'gray-matter';
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { stripMarkdown } from '../../common/markdown';
import { SEED_FOLDER } from '../../server/src/seed';
import { checkText, countChars } from '../../server/src/engines/similarity/check';
import { CorpusIndex } from '../../server/src/engines/similarity/corpusIndex';

const folder = join(SEED_FOLDER, 'documents');
const corpus = new Map(readdirSync(folder).map((name) => [name, stripMarkdown(matter(readFileSync(join(folder, name), 'utf8')).content)] as const));
const index = new CorpusIndex();
for (const [id, text] of corpus) index.addText(id, text);
const check = (text: string) => checkText(text, index, async (id) => corpus.get(id), { minMatch: 13 });

/** Sentences of a seed paper that follow each other there, by where the first starts. */
function sentencesOf(id: string, beginning: string, count: number) {
  const text = corpus.get(id)!;
  let at = text.indexOf(beginning);
  expect(at).toBeGreaterThanOrEqual(0);
  const found: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const end = text.indexOf('。', at) + 1;
    found.push(text.slice(at, end));
    at = end;
  }
  return found;
}

const OWN_OPENING = '本研究关注县域中学的课后服务安排，作者在两所学校做了为期一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况。';
const OWN_CLOSING = '综上，课后服务的质量取决于经费保障、教师激励和课程设计三个方面的协同，单靠延长在校时间并不能提高学习效果。';

describe('marks and chapters', () => {
  test.each(['第二章 研究方法', '2 方法'])(
    'copied text that ends a chapter and text that begins the next (heading %s) are two passages, the heading unmarked',
    async (heading) => {
      const [first, second] = sentencesOf('econ-01-digital-finance.md', '创业是农民增收的重要途径', 2);
      const text = ['第一章 绪论', OWN_OPENING + first, heading, second + OWN_CLOSING].join('\n');
      const report = await check(text);
      const headingAt = text.indexOf(heading);
      for (const p of report.passages) expect(p.end <= headingAt || p.start >= headingAt + heading.length).toBe(true);
      const [one, two] = report.chapters;
      expect(one.matchedChars).toBe(countChars(first));
      expect(two.matchedChars).toBe(countChars(second));
      expect(report.passages.reduce((sum, p) => sum + p.chars, 0)).toBe(report.matchedChars);
    },
  );

  test('a passage stops at the end of its paragraph when the next paragraph is not copied from there', async () => {
    const [first, , third] = sentencesOf('econ-01-digital-finance.md', '创业是农民增收的重要途径', 3);
    const own = '这一段是作者自己写的。';
    const text = [OWN_OPENING + first, own, third + OWN_CLOSING].join('\n');
    const report = await check(text);
    const ownAt = text.indexOf(own);
    for (const p of report.passages) expect(p.end <= ownAt || p.start >= ownAt + own.length).toBe(true);
  });
});
