/**
 * Reading the report on a phone and downloading it: a tapped passage's source comes up at once
 * (the source panel is below the whole text there), and 下载 PDF 报告 fetches the file in place,
 * saying what went wrong on the report itself.
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { Report } from '@/features/review/api';
import ReportView from '@/features/review/Report';
import { doneReview } from './reviews';
import { dropLater, endSessionAt, expectSentToLogin, noteLocationReplaced, noteSavedFiles, serveFile } from './stubs';
// the router Umi's Link reads its context from
import { MemoryRouter } from '@umijs/preset-umi/node_modules/react-router-dom';
import { server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

const LONG = { timeout: 15_000 };

const text = '第一章 绪论\n作者自己的文字。复制来的一段文字在这里。\n第二章 方法\n作者自己的第二段。';
const report: Report = {
  review: doneReview('r-reading'),
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

  test('before a tap, the panel under the text points up to the marked passages, not to the left', async () => {
    restore = windowWidth(375);
    view();
    const panel = screen.getByRole('heading', { name: '来源原文' }).closest('.ant-card') as HTMLElement;
    expect(panel).toHaveTextContent('点击上方标色的段落');
    expect(panel).not.toHaveTextContent('左侧');
  });

  test('on a wide screen the panel beside the text points to the left', async () => {
    restore = windowWidth(1280);
    view();
    const panel = screen.getByRole('heading', { name: '来源原文' }).closest('.ant-card') as HTMLElement;
    expect(panel).toHaveTextContent('点击左侧标色的段落');
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

describe('going from passage to passage', () => {
  let restore: () => void;
  afterEach(() => restore());

  test.each([375, 1280])('at %i px, 上一处 and 下一处 choose each marked passage in turn, its source beside or below the text, not over it', (width) => {
    restore = windowWidth(width);
    const two: Report = {
      ...report,
      passages: [...report.passages, { sourceId: 's1', start: 34, end: 43, sourceStart: 20, sourceEnd: 29, sourceText: '来源里的第二段原文', chars: 9 }],
    };
    render(
      <MemoryRouter>
        <ReportView report={two} />
      </MemoryRouter>,
    );
    const marks = () => screen.getAllByRole('button', { name: '相似段落，来源：某河流沉积物中微塑料的分布特征' });
    const pressed = () => marks().map((m) => m.getAttribute('aria-pressed'));
    expect(screen.getByText('共 2 处相似段落')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '上一处' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: '下一处' }));
    expect(screen.getByText('第 1 / 2 处相似段落')).toBeInTheDocument();
    expect(pressed()).toEqual(['true', 'false']);
    expect(document.activeElement).toBe(marks()[0]);
    expect(screen.getByText('来源里的那一段原文')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: '下一处' }));
    expect(pressed()).toEqual(['false', 'true']);
    expect(screen.getByText('来源里的第二段原文')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下一处' })).toBeDisabled();

    fireEvent.click(screen.getByRole('button', { name: '上一处' }));
    expect(screen.getByText('第 1 / 2 处相似段落')).toBeInTheDocument();
    expect(pressed()).toEqual(['true', 'false']);
  });
});

describe('下载 PDF 报告', () => {
  const PDF_ROUTE = 'GET /api/v1/review/:reviewId/report.pdf';
  let saved: { href: string; download: string }[];
  let replaceLocation: jest.SpyInstance;

  beforeEach(async () => {
    await signInAsDemo();
    server.use({ 'GET /api/v1/review/:reviewId/report': (_req, res) => res.json({ success: true, result: report }) });
    saved = noteSavedFiles('blob:report');
    replaceLocation = noteLocationReplaced();
  });
  afterEach(() => jest.restoreAllMocks());

  const openReport = async () => {
    await renderApp(`/personal/review/report/${report.review.id}`);
    return (await screen.findByText('下载 PDF 报告', {}, LONG)).closest('button')!;
  };

  test('is a button that fetches the file in place and saves it under the server’s name', async () => {
    serveFile(PDF_ROUTE, 'application/pdf', '%PDF-1.7', { plain: 'report.pdf', utf8: '查重报告-县域中学课后服务研究.pdf' });
    const button = await openReport();
    fireEvent.click(button);
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:report', download: '查重报告-县域中学课后服务研究.pdf' }]), LONG);
    expect(screen.getByText('查重报告：县域中学课后服务研究')).toBeInTheDocument();
  });

  test('spins while the file comes; with no answer it says 网络异常 and the report stays', async () => {
    const answer = dropLater(PDF_ROUTE);
    const button = await openReport();
    fireEvent.click(button);
    await waitFor(() => expect(button).toHaveClass('ant-btn-loading'));
    act(() => answer());
    expect(await screen.findByText('网络异常', {}, LONG)).toBeInTheDocument();
    await waitFor(() => expect(button).not.toHaveClass('ant-btn-loading'));
    expect(screen.getByText('查重报告：县域中学课后服务研究')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  test('an ended login goes to the login page, as every call does', async () => {
    endSessionAt(PDF_ROUTE);
    fireEvent.click(await openReport());
    await expectSentToLogin(replaceLocation);
    expect(screen.queryByText(/"success"/)).toBeNull();
    expect(saved).toEqual([]);
  });

  test('a refusal is said in Chinese on the report, never as the API’s JSON', async () => {
    server.use({
      [PDF_ROUTE]: (_req, res) => res.status(429).json({ success: false, message: '下载太频繁，请一分钟后再试', errorCode: 'RATE_LIMITED', showType: 2 }),
    });
    fireEvent.click(await openReport());
    expect(await screen.findByText('PDF 报告没有下载成功：下载太频繁，请一分钟后再试', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('查重报告：县域中学课后服务研究')).toBeInTheDocument();
    expect(saved).toEqual([]);
  });

  test('查重记录’s 下载 PDF fetches it the same way, staying on the list', async () => {
    server.use({
      'GET /api/v1/review': (_req, res) => res.json({ success: true, result: { list: [report.review], total: 1, current: 1, pageSize: 10 } }),
    });
    serveFile(PDF_ROUTE, 'application/pdf', '%PDF-1.7');
    const { history } = await renderApp('/personal/review/list');
    fireEvent.click((await screen.findByText('下载 PDF', {}, LONG)).closest('button')!);
    // no name from the server: the report's own
    await waitFor(() => expect(saved).toEqual([{ href: 'blob:report', download: '查重报告-县域中学课后服务研究.pdf' }]), LONG);
    expect(history.location.pathname).toBe('/personal/review/list');
  });
});
