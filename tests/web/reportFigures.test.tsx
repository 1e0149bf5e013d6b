/** Every figure of the report says what it counts, on hover and on a tap or focus (a phone has no hover). */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { Report } from '@/features/review/api';
import ReportView from '@/features/review/Report';
import { doneReview } from './reviews';
// the router Umi's Link reads its context from
import { MemoryRouter } from '@umijs/preset-umi/node_modules/react-router-dom';

const text = '第一章 绪论\n作者自己的文字。复制来的一段文字在这里。\n第二章 方法\n“引号里的引用”。';
const view = (report: Report) => (
  <MemoryRouter>
    <ReportView report={report} />
  </MemoryRouter>
);

const report: Report = {
  review: doneReview('r1'),
  text,
  totalChars: 30,
  matchedChars: 9,
  similarity: 0.3,
  excludingQuotes: { totalChars: 30, matchedChars: 6, similarity: 0.2 },
  chapters: [
    { title: '第一章 绪论', start: 0, end: 23, totalChars: 20, matchedChars: 6, similarity: 0.3 },
    { title: '第二章 方法', start: 23, end: text.length, totalChars: 10, matchedChars: 3, similarity: 0.3 },
  ],
  sources: [
    {
      sourceId: 's1',
      title: 'Microplastics_in_riverine_sediments_of_the_Yangtze_delta_a_longitudinal_survey_2019_2023',
      detail: '期刊论文',
      matchedChars: 9,
      share: 0.3,
    },
  ],
  passages: [{ sourceId: 's1', start: 15, end: 23, sourceStart: 0, sourceEnd: 8, sourceText: '复制来的一段文字', chars: 6 }],
};

test.each([
  ['总相似度', /标色的相似文字.*÷ 全文字数/],
  ['去除引用和参考文献', /不计.*引号内的引用和参考文献.*同一全文字数/],
  ['相似字数', /标色的相似文字的字数/],
  ['检测字数', /不计空格和标点/],
  ['分章节相似度', /本章.*标色.*÷ 本章字数/],
  ['来源占比', /这一来源.*÷ 全文字数/],
])('%s says what it counts, reachable by focus and by a tap', async (figure, explanation) => {
  render(view(report));
  // a labelled button (role queries are slow in jsdom: the label finds the same element)
  const help = screen.getByLabelText(`${figure}的说明`);
  expect(help.tagName).toBe('BUTTON');
  fireEvent.focus(help);
  expect(await screen.findByText(explanation)).toBeInTheDocument();
  fireEvent.blur(help);
  await waitFor(() => expect(document.querySelector('.ant-tooltip-hidden')).not.toBeNull());
  fireEvent.click(help);
  await waitFor(() => expect(document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')).toHaveTextContent(explanation));
});

test('the figures are the report’s own, and 去除引用 is over the same total', () => {
  render(view(report));
  // written as the record list and the PDF write them: one decimal, 0.0% too
  expect(screen.getByLabelText('总相似度')).toHaveTextContent(/^30\.0%$/);
  expect(screen.getByLabelText('去除引用和参考文献')).toHaveTextContent(/^20\.0%$/);
  expect(screen.getByLabelText('第一章 绪论 相似度')).toHaveTextContent(/^30\.0%$/);
  expect(within(screen.getByText('相似来源').closest('.ant-card')!).getByText('30.0%')).toBeInTheDocument();
});

test('the marked text says what is marked: shared text and rewritten sentences, not the writer’s own words or stray stock phrases', () => {
  render(view(report));
  const card = screen.getByText('全文对照').closest('.ant-card')!;
  expect(within(card as HTMLElement).getByText(/标色的是与来源相同的文字.*换词、调整语序、打乱句序.*自写文字和零散的常用短语不标色/)).toBeInTheDocument();
});

test('检测时间 is told as the report PDF tells it: in Beijing time and labelled, whatever the browser’s clock', () => {
  render(view({ ...report, review: { ...report.review, finishedAt: '2026-11-20T13:19:08.000Z' } }));
  expect(screen.getByText('2026-11-20 21:19（北京时间）')).toBeInTheDocument();
});
