/**
 * Reading the report on a phone: a tapped passage's source comes up at once (the source panel is
 * below the whole text there).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Report } from '@/features/review/api';
import ReportView from '@/features/review/Report';
// the router Umi's Link reads its context from
import { MemoryRouter } from '@umijs/preset-umi/node_modules/react-router-dom';

const text = '第一章 绪论\n作者自己的文字。复制来的一段文字在这里。\n第二章 方法\n作者自己的第二段。';
const report: Report = {
  review: {
    id: 'r-reading',
    systemId: 'undergraduate',
    systemName: '本科毕业论文检测',
    title: '县域中学课后服务研究',
    author: '林晓',
    school: null,
    major: null,
    charCount: 30,
    amountFen: 300,
    status: 'done',
    progress: 100,
    orderId: 'o1',
    orderStatus: 'paid',
    similarity: 0.3,
    failureReason: null,
    verificationCode: 'ZN-00000-00000',
    createdAt: '2026-01-01T00:00:00.000Z',
    paidAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:00.000Z',
    paperDeletedAt: null,
    fileName: null,
  } as unknown as Report['review'],
  text,
  totalChars: 30,
  matchedChars: 8,
  similarity: 0.3,
  excludingQuotes: { totalChars: 30, matchedChars: 8, similarity: 0.3 },
  chapters: [{ title: '第一章 绪论', start: 0, end: text.length, totalChars: 30, matchedChars: 8, similarity: 0.3 }],
  sources: [{ sourceId: 's1', title: '某河流沉积物中微塑料的分布特征', detail: '期刊论文', matchedChars: 8, share: 0.3 }],
  passages: [{ sourceId: 's1', start: 15, end: 23, sourceStart: 0, sourceEnd: 8, sourceText: '来源里的那一段原文', chars: 8 }],
};

const view = () =>
  render(
    <MemoryRouter>
      <ReportView report={report} />
    </MemoryRouter>,
  );
const passage = () => screen.getByRole('button', { name: '相似段落，来源：某河流沉积物中微塑料的分布特征' });

/** A window at least `width` wide, as antd's breakpoints ask it (min-width queries). */
function windowWidth(width: number) {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    const max = /max-width:\s*(\d+)px/.exec(query);
    const matches = (!min || width >= Number(min[1])) && (!max || width <= Number(max[1]));
    return { ...original(query), matches };
  }) as typeof window.matchMedia;
  return () => {
    window.matchMedia = original;
  };
}

describe('a passage’s source on a phone', () => {
  let restore: () => void;
  afterEach(() => restore());

  test('a tap brings the source up at once, and 返回全文 leaves the passage where it was, still chosen', async () => {
    restore = windowWidth(375);
    view();
    fireEvent.click(passage());
    const sheet = await screen.findByRole('dialog');
    expect(sheet).toHaveTextContent('来源原文');
    expect(sheet).toHaveTextContent('某河流沉积物中微塑料的分布特征');
    expect(sheet).toHaveTextContent('来源里的那一段原文');
    expect(sheet).toHaveTextContent('8 字相似');
    fireEvent.click(screen.getByRole('button', { name: '返回全文' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(passage()).toHaveAttribute('aria-pressed', 'true');
    // the panel under the text says it too, for when the student scrolls down to it
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('来源里的那一段原文');
  });

  test('on a wide screen the panel beside the text shows it, with no sheet over the text', async () => {
    restore = windowWidth(1280);
    view();
    fireEvent.click(passage());
    expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent('来源里的那一段原文');
    await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
