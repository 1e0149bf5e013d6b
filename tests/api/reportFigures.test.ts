/** The report's figures through HTTP: each counts exactly the marked text, and 去除引用 is over the same length as the overall figure. */
import { countChars } from '../../server/src/engines/similarity/check';
import { payAsGateway, useSignedInApp } from './testApp';

const signedIn = useSignedInApp();

const OWN =
  '本文讨论县域中学课后服务的组织方式。作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况，并比较了两校在经费、课程和激励方面的差别。';

async function libraryText(q: string) {
  const id = (await signedIn.test().app.inject({ method: 'GET', url: `/api/v1/search?kind=document&q=${encodeURIComponent(q)}` })).json().result.list[0].id;
  return (await signedIn.test().app.inject({ method: 'GET', url: `/api/v1/document/${id}` })).json().result as { title: string; fullText: string };
}

type Figure = { totalChars: number; matchedChars: number; similarity: number };
type Report = Figure & { text: string; excludingQuotes: Figure; chapters: Figure[]; passages: Array<{ start: number; end: number; chars: number }> };

async function reportOf(text: string): Promise<Report> {
  const created = (await signedIn.me().post('/api/v1/review', { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text })).body.result;
  expect(await payAsGateway(signedIn.test().app, created.orderId, created.review.amountFen)).toBe('paid');
  await signedIn.test().app.jobs.drain();
  return (await signedIn.me().get(`/api/v1/review/${created.review.id}/report`)).body.result;
}

test('a paper with copied text in quotation marks and a references list: 去除引用 is never above the overall figure, and both count the marked text', async () => {
  const source = await libraryText('微塑料');
  const paragraphs = source.fullText.split('\n').filter((p) => p.length > 60);
  const copied = paragraphs[0];
  const quotedSentence = paragraphs[1].slice(0, paragraphs[1].indexOf('。') + 1);
  const references = Array.from(
    { length: 12 },
    (_, i) => `[${i + 1}] 王${'一二三四五六七八九十'[i % 10]}明. 县域教育治理研究第${i + 1}辑[J]. 教育研究, 20${10 + i}, ${i + 3}(2): ${i + 10}-${i + 30}.`,
  );
  const text = ['第一章 绪论', OWN, copied, OWN, `正如已有研究所说：“${quotedSentence}”`, OWN, '参考文献', ...references].join('\n');
  const report = await reportOf(text);

  // the figures are over one length, so leaving quotations out can only lower the figure
  expect(report.excludingQuotes.totalChars).toBe(report.totalChars);
  expect(report.excludingQuotes.similarity).toBeLessThanOrEqual(report.similarity);
  expect(report.excludingQuotes.similarity).toBeCloseTo(report.excludingQuotes.matchedChars / report.totalChars, 10);

  // exactly the marked text: all of it overall; without what lies inside the quotation marks
  const marked = report.passages.reduce((sum, p) => sum + p.chars, 0);
  expect(report.matchedChars).toBe(marked);
  const quoteAt = report.text.indexOf('“');
  const outside = report.passages.filter((p) => p.end <= quoteAt || p.start > report.text.indexOf('”'));
  expect(report.passages.length).toBeGreaterThan(outside.length);
  expect(report.excludingQuotes.matchedChars).toBe(outside.reduce((sum, p) => sum + p.chars, 0));
  expect(report.excludingQuotes.matchedChars).toBe(countChars(copied));
  expect(report.chapters.reduce((sum, c) => sum + c.matchedChars, 0)).toBe(marked);
});
