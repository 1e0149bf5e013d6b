import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SEARCH_QUERY_MAX_LENGTH } from '../../common/content';
import { renderMarkdown } from '../../common/markdown';
import type { MockHandler } from '../../mock/_lib/kit';
import serverMocks from '../../mock/server';
import { pagesOf } from '../../src/pages/Document/Detail/paging';
import { axios, server } from './mockServer';
import { renderApp } from './renderApp';

afterEach(() => server.reset());

const LONG = { timeout: 10_000 };
const failing: MockHandler = (_req, res) => res.status(500).json({ success: false, message: '服务器开小差了，请稍后再试', errorCode: 'INTERNAL', showType: 0 });

/** A handler that answers only when the test lets it (to see the loading state). */
function held() {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    release,
    wrap:
      (handler: MockHandler): MockHandler =>
      (req, res) =>
        void gate.then(() => handler(req, res)),
  };
}

/** Role queries over the whole layout are slow in jsdom: these look up by the same ARIA attributes directly. */
const tab = (name: string | RegExp) =>
  [...document.querySelectorAll<HTMLElement>('[role="tab"]')].find((t) => (typeof name === 'string' ? t.textContent === name : name.test(t.textContent ?? '')));
const resultsRegion = () => document.querySelector<HTMLElement>('section[aria-label="搜索结果"]');
const firstResultLink = () => resultsRegion()?.querySelector('li a');

async function firstId(path: string) {
  return (await axios.get(path, { adapter: server.adapter })).data.result.list[0];
}

/** Opens a list's entry and comes back with the browser's back button, as a reader does. */
async function openAndGoBack(history: Awaited<ReturnType<typeof renderApp>>['history'], entry: HTMLElement, detail: RegExp) {
  fireEvent.click(entry);
  await waitFor(() => expect(history.location.pathname).toMatch(detail));
  act(() => history.back());
}

describe('the home page', () => {
  test('shows the services, the newest articles by category, recommended papers and the library', async () => {
    await renderApp('/');
    expect(await screen.findByText('用户论文的存储与删除政策', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('开始查重').closest('a')).toHaveAttribute('href', '/review/home');
    expect(screen.getByText('选择模板').closest('a')).toHaveAttribute('href', '/typeset/template-list');
    expect(screen.getByText('推荐范文')).toBeInTheDocument();
    expect(screen.getAllByText('汪曾祺小说中的日常生活书写').length).toBeGreaterThan(0);
    // pagination speaks the spec's English
    expect(document.querySelector('li[title="Next Page"]')).not.toBeNull();

    fireEvent.click(tab('排版规范')!);
    expect(await screen.findByText('毕业论文排版的十条硬规定', {}, LONG)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('用户论文的存储与删除政策')).toBeNull());
    expect(server.requests.some((r) => r.path === '/api/v1/article' && r.query.category === '排版规范')).toBe(true);
  });

  test('the chosen category is kept in the address: back from an article shows it again', async () => {
    const { history } = await renderApp('/');
    await screen.findByText('用户论文的存储与删除政策', {}, LONG);
    fireEvent.click(tab('排版规范')!);
    const article = await screen.findByText('毕业论文排版的十条硬规定', {}, LONG);
    expect(history.location.search).toBe(`?category=${encodeURIComponent('排版规范')}`);
    await openAndGoBack(history, article, /^\/article\/detail\//);
    expect(await screen.findByText('毕业论文排版的十条硬规定', {}, LONG)).toBeInTheDocument();
    expect(tab('排版规范')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(tab('全部')!);
    await waitFor(() => expect(history.location.search).toBe(''));
  });

  test('the page of articles is kept in the address too: back from an article on page 2 shows page 2 again', async () => {
    const { history } = await renderApp('/');
    const card = (await screen.findByRole('heading', { name: '最新文章' }, LONG)).closest('.ant-card') as HTMLElement;
    await within(card).findByText('用户论文的存储与删除政策', {}, LONG);
    fireEvent.click(card.querySelector('li[title="Next Page"]')!);
    await waitFor(() => expect(history.location.search).toBe('?articles=2'));
    await waitFor(() => expect(within(card).queryByText('用户论文的存储与删除政策')).toBeNull(), LONG);
    const second = within(card).getAllByRole('link')[0];
    const title = second.textContent!;
    await openAndGoBack(history, second, /^\/article\/detail\//);
    const again = (await screen.findByRole('heading', { name: '最新文章' }, LONG)).closest('.ant-card') as HTMLElement;
    expect(await within(again).findByText(title, {}, LONG)).toBeInTheDocument();
    expect(history.location.search).toBe('?articles=2');
    // another category starts at its first page
    fireEvent.click(tab('排版规范')!);
    await waitFor(() => expect(history.location.search).toBe(`?category=${encodeURIComponent('排版规范')}`));
  });

  test('a link (or a reload) with a category opens on it', async () => {
    await renderApp(`/home?category=${encodeURIComponent('查重知识')}`);
    await waitFor(() => expect(tab('查重知识')).toHaveAttribute('aria-selected', 'true'), LONG);
    expect(server.requests.some((r) => r.path === '/api/v1/article' && r.query.category === '查重知识')).toBe(true);
  });

  test('a category the page does not know opens on 全部', async () => {
    await renderApp('/?category=nonsense');
    await waitFor(() => expect(tab('全部')).toHaveAttribute('aria-selected', 'true'), LONG);
    expect(server.requests.some((r) => r.path === '/api/v1/article' && r.query.category)).toBe(false);
  });

  test('pages the library on the server and filters it by degree type', async () => {
    await renderApp('/home');
    await screen.findByText('范文库', {}, LONG);
    fireEvent.click(screen.getByText('博士'));
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/v1/document' && r.query.type === '博士')).toBe(true));
    expect(await screen.findByText('清代万里茶道上的晋商经营网络', {}, LONG)).toBeInTheDocument();
  });

  test("the library's degree type and discipline are kept in the address: back from a paper shows them again", async () => {
    const { history } = await renderApp('/home');
    await screen.findByText('范文库', {}, LONG);
    fireEvent.click(screen.getByText('博士'));
    const paper = await screen.findByText('清代万里茶道上的晋商经营网络', {}, LONG);
    expect(history.location.search).toBe(`?type=${encodeURIComponent('博士')}`);
    await openAndGoBack(history, paper, /^\/document\/detail\//);
    expect(await screen.findByText('清代万里茶道上的晋商经营网络', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('博士').closest('.ant-segmented-item')).toHaveClass('ant-segmented-item-selected');
    await renderApp(`/home?discipline=${encodeURIComponent('计算机科学')}`);
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/v1/document' && r.query.discipline === '计算机科学')).toBe(true), LONG);
  });

  test('says so when a list fails, and loads it again on retry', async () => {
    server.use({ 'GET /api/v1/article': failing });
    await renderApp('/');
    expect(await screen.findByText('文章加载失败', {}, LONG)).toBeInTheDocument();
    server.reset();
    fireEvent.click(screen.getByText('重新加载').closest('button')!);
    expect(await screen.findByText('用户论文的存储与删除政策', {}, LONG)).toBeInTheDocument();
  });

  test('shows the lists loading until their answers arrive', async () => {
    const gate = held();
    server.use({ 'GET /api/v1/document': gate.wrap(serverMocks['GET /api/(.*)']) });
    await renderApp('/');
    await screen.findByText('用户论文的存储与删除政策', {}, LONG);
    // the library and the recommended papers wait: a spinner and a skeleton stand in their place
    expect(document.querySelector('.ant-spin-spinning')).not.toBeNull();
    expect(document.querySelector('.ant-skeleton')).not.toBeNull();
    await act(async () => gate.release());
    expect(await screen.findAllByText('汪曾祺小说中的日常生活书写', {}, LONG)).not.toHaveLength(0);
  });

  test('a long list of articles jumps five pages at a time across the gaps in its page numbers', async () => {
    const article = await firstId('/api/v1/article');
    // twenty pages of five: each page one article named after its page
    server.use({
      'GET /api/v1/article': (req, res) => {
        const current = Number(req.query.current ?? 1);
        res.json({ success: true, result: { list: [{ ...article, id: `a${current}`, title: `第${current}页的文章` }], total: 100, current, pageSize: 5 } });
      },
    });
    const { history } = await renderApp('/');
    const card = (await screen.findByRole('heading', { name: '最新文章' }, LONG)).closest('.ant-card') as HTMLElement;
    await within(card).findByText('第1页的文章', {}, LONG);
    expect(within(card).queryByRole('button', { name: 'Previous 5 Pages' })).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Next 5 Pages' }));
    expect(await within(card).findByText('第6页的文章', {}, LONG)).toBeInTheDocument();
    expect(history.location.search).toBe('?articles=6');
    fireEvent.click(within(card).getByRole('button', { name: 'Previous 5 Pages' }));
    expect(await within(card).findByText('第1页的文章', {}, LONG)).toBeInTheDocument();
  });

  test('an empty category says what to do next', async () => {
    server.use({ 'GET /api/v1/article': (req, res) => res.json({ success: true, result: { list: [], total: 0, current: 1, pageSize: 5 } }) });
    await renderApp('/');
    expect(await screen.findByText('这个栏目还没有文章，看看其他栏目吧', {}, LONG)).toBeInTheDocument();
  });
});

describe('search on the home page', () => {
  test('searching puts the query in the address and shows ranked results with the words marked', async () => {
    const { history } = await renderApp('/');
    const box = await screen.findByLabelText('搜索文章和范文', {}, LONG);
    fireEvent.change(box, { target: { value: '参考文献 著录' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(history.location.search).toBe(`?q=${encodeURIComponent('参考文献 著录').replace(/%20/g, '+')}`));
    await waitFor(() => expect(firstResultLink()).toHaveTextContent('GB/T 7714-2015 参考文献著录要点'), LONG);
    expect(resultsRegion()!.querySelectorAll('mark').length).toBeGreaterThan(2);
    expect(tab(/^文章（\d+）$/)).toBeDefined();
  });

  test('the papers tab and an English query', async () => {
    await renderApp('/?q=reinforcement%20learning&kind=document');
    await waitFor(() => expect(firstResultLink()).toHaveTextContent('Learning to Prioritise Code Review Requests with Reinforcement Learning'), LONG);
  });

  test('nothing found says so and offers the way back', async () => {
    const { history } = await renderApp('/?q=zzzqqq');
    expect(await screen.findByText('没有找到与“zzzqqq”相关的文章或范文。换个说法，或减少几个词试试。', {}, LONG)).toBeInTheDocument();
    fireEvent.click(screen.getByText('返回首页').closest('button')!);
    await waitFor(() => expect(history.location.search).toBe(''));
  });
});

test('a query past the limit is told once, in the server’s words, not as a network failure', async () => {
  await renderApp(`/?q=${encodeURIComponent('论'.repeat(150))}`);
  await waitFor(() => {
    const alert = [...document.querySelectorAll('[role="alert"]')].find((el) => el.textContent?.includes('搜索'));
    expect(alert).toHaveTextContent(`搜索内容不能超过 ${SEARCH_QUERY_MAX_LENGTH} 个字`);
    expect(alert).not.toHaveTextContent(/网络|重新加载/);
  }, LONG);
  // said once, in the page: no toast says it again (a toast would be on screen by now)
  await act(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect(screen.getAllByText(`搜索内容不能超过 ${SEARCH_QUERY_MAX_LENGTH} 个字`)).toHaveLength(1);
});

describe('the article page', () => {
  test('shows a skeleton while loading, then the article with its meta line, neighbours and related articles', async () => {
    const article = await firstId('/api/v1/article?category=%E6%8E%92%E7%89%88%E8%A7%84%E8%8C%83');
    const gate = held();
    server.use({ 'GET /api/v1/article/:articleId': gate.wrap(serverMocks['GET /api/(.*)']) });
    await renderApp(`/article/detail/${article.id}`);
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).not.toBeNull(), LONG);
    await act(async () => gate.release());
    await waitFor(() => expect(document.querySelector('h1')).toHaveTextContent(article.title), LONG);
    expect(screen.getByText(/阅读 \d+/)).toBeInTheDocument();
    expect(document.querySelector('article h2, article ol, article ul')).not.toBeNull();
    expect(screen.getByText(/上一篇/)).toBeInTheDocument();
    expect(screen.getByText('相关文章')).toBeInTheDocument();
  });

  test('an article written with <script> renders it as text and runs nothing', async () => {
    const body = '正文开头\n\n<script>window.__injected = true</script>\n\n<img src=x onerror="window.__injected = true">';
    server.use({
      'GET /api/v1/article/:articleId': (_req, res) =>
        res.json({
          success: true,
          result: {
            id: 'xss',
            title: '注入测试',
            summary: '',
            category: '平台公告',
            tags: [],
            author: '测试',
            publishedAt: '2026-01-01T00:00:00.000Z',
            viewCount: 1,
            html: renderMarkdown(body),
            previous: null,
            next: null,
            related: [],
          },
        }),
    });
    await renderApp('/article/detail/xss');
    expect(await screen.findByText('<script>window.__injected = true</script>', {}, LONG)).toBeInTheDocument();
    expect(document.querySelector('article script, article img')).toBeNull();
    expect((window as { __injected?: boolean }).__injected).toBeUndefined();
  });

  test('an unknown article shows the 404 page', async () => {
    const { history } = await renderApp('/article/detail/no-such-article');
    await waitFor(() => expect(history.location.pathname).toBe('/404'), LONG);
  });

  test('a failure that is not 404 offers a retry', async () => {
    server.use({ 'GET /api/v1/article/:articleId': failing });
    await renderApp('/article/detail/whatever');
    expect(await screen.findByText('文章加载失败', {}, LONG)).toBeInTheDocument();
  });
});

describe('the document page', () => {
  test('shows the catalogue data, abstract, keywords, the full text and related papers', async () => {
    const doc = await firstId(`/api/v1/search?kind=document&q=${encodeURIComponent('微塑料')}`);
    await renderApp(`/document/detail/${doc.id}`);
    await waitFor(() => expect(document.querySelector('h1')).toHaveTextContent('某河流沉积物中微塑料的分布特征与来源分析'), LONG);
    expect(document.querySelector('#abstract-heading')).toHaveTextContent('摘要');
    expect(screen.getByText('河流沉积物')).toBeInTheDocument();
    expect([...document.querySelectorAll('#full-text h3')].map((h) => h.textContent)).toContain('二、材料与方法');
    expect(screen.getByText('相关范文')).toBeInTheDocument();
  });

  test('a long paper reads page by page', async () => {
    const paragraphs = Array.from({ length: 40 }, (_, i) => `第${i + 1}段：${'研究内容'.repeat(40)}`);
    server.use({
      'GET /api/v1/document/:documentId': (_req, res) =>
        res.json({
          success: true,
          result: {
            id: 'long',
            title: '很长的论文',
            authors: [],
            year: 2024,
            type: '硕士',
            discipline: '综合',
            keywords: [],
            excerpt: '',
            charCount: 7000,
            featured: false,
            abstract: '',
            fullText: paragraphs.join('\n'),
            fileName: null,
            related: [],
          },
        }),
    });
    await renderApp('/document/detail/long');
    expect(await screen.findByText(/第 1 \/ \d+ 页/, {}, LONG)).toBeInTheDocument();
    expect(screen.getByText(paragraphs[0])).toBeInTheDocument();
    fireEvent.click(document.querySelector('li[title="Next Page"]')!);
    expect(await screen.findByText(/第 2 \/ \d+ 页/)).toBeInTheDocument();
    expect(screen.queryByText(paragraphs[0])).toBeNull();
  });

  test('a paper with nothing related says so and leads to the library’s papers of its discipline', async () => {
    const doc = await firstId(`/api/v1/search?kind=document&q=${encodeURIComponent('微塑料')}`);
    const served = (await axios.get(`/api/v1/document/${doc.id}`)).data.result;
    server.use({ 'GET /api/v1/document/:documentId': (_req, res) => res.json({ success: true, result: { ...served, related: [] } }) });
    const { history } = await renderApp(`/document/detail/${doc.id}`);
    expect(await screen.findByText('暂无相关范文', {}, LONG)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: `看看${served.discipline}的其他范文` }));
    await waitFor(() => expect(`${history.location.pathname}${history.location.search}`).toBe(`/?discipline=${encodeURIComponent(served.discipline)}`));
  });

  test('a paper loading shows a skeleton; a failure offers a retry', async () => {
    const gate = held();
    server.use({ 'GET /api/v1/document/:documentId': gate.wrap(failing) });
    await renderApp('/document/detail/any');
    await waitFor(() => expect(document.querySelector('.ant-skeleton')).not.toBeNull(), LONG);
    await act(async () => gate.release());
    expect(await screen.findByText('范文加载失败', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('重新加载')).toBeInTheDocument();
  });

  test('a library with no papers yet says so', async () => {
    server.use({ 'GET /api/v1/document': (_req, res) => res.json({ success: true, result: { list: [], total: 0, current: 1, pageSize: 8 } }) });
    await renderApp('/');
    expect(await screen.findByText('没有符合条件的范文，换个类型或学科试试', {}, LONG)).toBeInTheDocument();
    expect(screen.getByText('暂无推荐范文')).toBeInTheDocument();
  });

  test('an unknown document shows the 404 page', async () => {
    const { history } = await renderApp('/document/detail/no-such-paper');
    await waitFor(() => expect(history.location.pathname).toBe('/404'), LONG);
  });
});

test('the full text is cut at paragraphs and headings, never inside one', () => {
  const text = ['第1章 绪论', 'a'.repeat(1500), 'b'.repeat(1500), '第2章 方法', 'c'.repeat(100)].join('\n');
  const pages = pagesOf(text);
  expect(pages.map((p) => p.map((x) => x.text[0]).join(''))).toEqual(['第a', 'b', '第c']);
  expect(pages[0][0].heading).toBe(true);
});
