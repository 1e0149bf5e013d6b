import { client, createTestApp } from './testApp';
import { SEARCH_QUERY_MAX_LENGTH } from '../../common/content';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await t.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
};

describe('article lists', () => {
  it('pages the seeded articles newest first', async () => {
    const first = await get('/api/v1/article?pageSize=5');
    expect(first.status).toBe(200);
    expect(first.body.result).toMatchObject({ total: 12, current: 1, pageSize: 5 });
    const dates = first.body.result.list.map((a: { publishedAt: string }) => a.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const last = await get('/api/v1/article?pageSize=5&current=3');
    expect(last.body.result.list).toHaveLength(2);
  });

  it('answers an empty page past the end, and refuses pages out of bounds', async () => {
    const past = await get('/api/v1/article?current=99');
    expect(past.body.result).toMatchObject({ list: [], total: 12, current: 99 });
    const zero = await get('/api/v1/article?current=0');
    expect(zero.status).toBe(422);
    expect(zero.body.message).toBe('页码应在 1 到 100000 之间');
    expect((await get('/api/v1/article?pageSize=51')).status).toBe(422);
    expect((await get('/api/v1/article?pageSize=abc')).status).toBe(422);
  });

  it('filters by category and refuses an unknown one', async () => {
    const layout = await get(`/api/v1/article?category=${encodeURIComponent('排版规范')}`);
    expect(layout.body.result.total).toBe(3);
    expect(layout.body.result.list.every((a: { category: string }) => a.category === '排版规范')).toBe(true);
    const unknown = await get(`/api/v1/article?category=${encodeURIComponent('八卦')}`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe('没有这个栏目');
  });
});

describe('article detail', () => {
  it('renders the body, links its neighbours and related articles', async () => {
    const list = (await get('/api/v1/article?pageSize=50')).body.result.list;
    const middle = list[5];
    const { status, body } = await get(`/api/v1/article/${middle.id}`);
    expect(status).toBe(200);
    expect(body.result.title).toBe(middle.title);
    expect(body.result.html).toContain('<p>');
    // the list is newest first: the next (later) one is before it, the previous after it
    expect(body.result.next).toEqual({ id: list[4].id, title: list[4].title });
    expect(body.result.previous).toEqual({ id: list[6].id, title: list[6].title });
    expect(body.result.related.length).toBeGreaterThan(0);
    expect(body.result.related.every((a: { category: string; id: string }) => a.category === middle.category && a.id !== middle.id)).toBe(true);
  });

  it('counts a view once per visitor session', async () => {
    const id = (await get('/api/v1/article?pageSize=1')).body.result.list[0].id;
    const reader = client(t.app);
    const first = await reader.get(`/api/v1/article/${id}`);
    expect(reader.jar.get('zn_visitor')).toBeTruthy();
    const again = await reader.get(`/api/v1/article/${id}`);
    expect(again.body.result.viewCount).toBe(first.body.result.viewCount);
    const someoneElse = await client(t.app).get(`/api/v1/article/${id}`);
    expect(someoneElse.body.result.viewCount).toBe(first.body.result.viewCount + 1);
  });

  it('answers 404 for an unknown id', async () => {
    const { status, body } = await get('/api/v1/article/no-such-article');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, errorCode: 'NOT_FOUND', message: '文章不存在或已下线' });
  });

  it('renders a body with <script> and event handlers as text, never as markup', async () => {
    await t.app.db
      .insertInto('articles')
      .values({
        id: 'xss-test-article',
        title: '脚本注入测试',
        summary: '不应执行任何脚本',
        body: '正文\n\n<script>alert("x")</script>\n\n<img src=x onerror="alert(1)">\n\n[点我](javascript:alert(1))',
        category: '平台公告',
        tags: '[]',
        author: '测试',
        published_at: '2020-01-01T00:00:00.000Z',
        content_hash: 'xss-test',
        created_at: '2020-01-01T00:00:00.000Z',
      })
      .execute();
    const { body } = await get('/api/v1/article/xss-test-article');
    expect(body.result.html).not.toMatch(/<script|<img|href="javascript/i);
    expect(body.result.html).toContain('&lt;script&gt;');
  });
});

describe('documents', () => {
  it('lists the library featured first, filters by type and names the disciplines', async () => {
    const all = await get('/api/v1/document?pageSize=50');
    expect(all.body.result.total).toBeGreaterThanOrEqual(30);
    const featured = all.body.result.list.map((d: { featured: boolean }) => d.featured);
    expect(featured.indexOf(false)).toBeGreaterThan(0);
    expect(featured.slice(featured.indexOf(false))).not.toContain(true);
    const masters = await get(`/api/v1/document?type=${encodeURIComponent('硕士')}`);
    expect(masters.body.result.list.every((d: { type: string }) => d.type === '硕士')).toBe(true);
    const disciplines = await get('/api/v1/document/disciplines');
    expect(disciplines.body.result).toEqual(expect.arrayContaining(['计算机科学', '经济学', '环境科学']));
  });

  it('reads a document whole: abstract and keywords from its text, full text, related papers', async () => {
    const hit = (await get(`/api/v1/search?kind=document&q=${encodeURIComponent('微塑料')}`)).body.result.list[0];
    const { status, body } = await get(`/api/v1/document/${hit.id}`);
    expect(status).toBe(200);
    expect(body.result).toMatchObject({ title: '某河流沉积物中微塑料的分布特征与来源分析', type: '期刊', discipline: '环境科学', year: 2023 });
    expect(body.result.keywords).toEqual(['微塑料', '河流沉积物', '空间分布', '来源解析']);
    expect(body.result.abstract).toMatch(/^微塑料已成为淡水环境/);
    expect(body.result.fullText).toContain('二、材料与方法');
    expect(body.result.fullText).not.toContain('##');
    expect(body.result.related.every((d: { discipline: string }) => d.discipline === '环境科学')).toBe(true);
  });

  it('answers 404 for an unknown document and for a missing original file', async () => {
    expect((await get('/api/v1/document/nope')).status).toBe(404);
    const any = (await get('/api/v1/document?pageSize=1')).body.result.list[0];
    expect((await get(`/api/v1/document/${any.id}/file`)).status).toBe(404);
  });
});

describe('search', () => {
  const search = (q: string, extra = '') => get(`/api/v1/search?q=${encodeURIComponent(q)}${extra}`);

  it('finds a Chinese query, best match first, with the passage that matched', async () => {
    const { body } = await search('参考文献 著录');
    expect(body.result.terms).toEqual(['参考文献', '著录']);
    expect(body.result.kind).toBe('article');
    expect(body.result.list[0].title).toBe('GB/T 7714-2015 参考文献著录要点');
    expect(body.result.list[0].snippet).toMatch(/参考文献|著录/);
  });

  it('finds a two-character Chinese word too (shorter than a trigram)', async () => {
    const { body } = await search('查重');
    expect(body.result.counts.article).toBeGreaterThan(3);
    expect(body.result.list[0].title).toMatch(/查重/);
  });

  it('finds an English query case-insensitively, in articles and documents', async () => {
    const article = await search('WINNOWING');
    expect(article.body.result.list[0].title).toBe('论文查重的原理：指纹、窗口与比对');
    const document = await search('reinforcement learning', '&kind=document');
    expect(document.body.result.list[0].title).toBe('Learning to Prioritise Code Review Requests with Reinforcement Learning');
    expect(document.body.result.list[0].subtitle).toBe('硕士 · 计算机科学 · 2024');
  });

  it('shows documents when only documents match, and pages the results', async () => {
    const { body } = await search('滴灌');
    expect(body.result).toMatchObject({ kind: 'document', counts: { article: 0 } });
    expect(body.result.list[0].title).toBe('膜下滴灌对干旱区棉花产量和水分利用效率的影响');
    const paged = await search('的', '&kind=document&pageSize=5&current=2');
    expect(paged.body.result.list).toHaveLength(5);
    expect(paged.body.result.total).toBeGreaterThan(10);
  });

  it('takes LIKE wildcards and quotes literally, and refuses an empty query', async () => {
    // taken as wildcards, each would match every article
    for (const q of ['_', '%%', '"查重"']) {
      const { status, body } = await search(q);
      expect(status).toBe(200);
      expect(body.result.counts).toEqual({ article: 0, document: 0 });
    }
    const percent = await search('%');
    expect(percent.body.result.counts.article).toBeGreaterThan(0);
    expect(percent.body.result.counts.article).toBeLessThan(12);
    const empty = await search('   ');
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('请输入要搜索的内容');
  });

  it('refuses a query past its limit saying so, not as an empty one', async () => {
    const long = await search('论'.repeat(SEARCH_QUERY_MAX_LENGTH + 1));
    expect(long.status).toBe(422);
    expect(long.body.message).toBe(`搜索内容不能超过 ${SEARCH_QUERY_MAX_LENGTH} 个字`);
    expect((await search('论'.repeat(SEARCH_QUERY_MAX_LENGTH))).status).toBe(200);
  });
});
