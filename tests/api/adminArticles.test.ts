/**
 * The back office's articles: staff write a draft readers do not see, publish it (at once at the
 * top of the home page's list), edit it and take it down; every change writes one audit entry.
 */
import { createTestApp, client, staffUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof staffUser>>;
let admin: Awaited<ReturnType<typeof staffUser>>;
const reader = () => client(t.app);

beforeAll(async () => {
  t = await createTestApp();
  operator = await staffUser(t, 'operator');
  admin = await staffUser(t, 'admin');
});
afterAll(() => t.close());

const draft = { title: '2026 年毕业论文查重时间安排', category: '平台公告', body: '## 安排\n\n**五月**起，查重高峰期请提前提交。' };
const auditOf = async (articleId: string) =>
  (await admin.get(`/api/v1/admin/audit?targetId=${articleId}&pageSize=50`)).body.result.list as Array<{
    action: string;
    actorEmail: string;
    before: any;
    after: any;
  }>;
const homeList = async () => (await reader().get('/api/v1/article?pageSize=5')).body.result.list as Array<{ id: string; title: string }>;

test('a summary made from the body is its text: a table’s cells, a link’s words, underscores inside words kept', async () => {
  const body = '说明 [link](javascript:alert(1)) 见 file__name__v2。\n\n| a | b |\n|---|---|\n| 1 | 2 |';
  const created = await operator.post('/api/v1/admin/articles', { ...draft, title: '摘要文章', body });
  expect(created.body.result.summary).toBe('说明 link 见 file__name__v2。 a b 1 2');
});

test('a draft is unseen by readers; published, it is first on the home page and readable; one audit entry each', async () => {
  const created = await operator.post('/api/v1/admin/articles', draft);
  expect(created.status).toBe(200);
  expect(created.body).toMatchObject({
    message: '草稿已保存',
    result: { title: draft.title, category: '平台公告', published: false, author: '智能论文编辑部', summary: '安排 五月起，查重高峰期请提前提交。' },
  });
  const { id } = created.body.result;
  expect((await homeList()).map((a) => a.id)).not.toContain(id);
  expect((await reader().get(`/api/v1/article/${id}`)).status).toBe(404);
  expect((await operator.get('/api/v1/admin/articles?published=false')).body.result.list.map((a: { id: string }) => a.id)).toContain(id);

  const published = await operator.post(`/api/v1/admin/articles/${id}/publish`);
  expect(published.body).toMatchObject({ message: '文章已发布', result: { published: true } });
  expect((await homeList())[0]).toMatchObject({ id, title: draft.title });
  const read = await reader().get(`/api/v1/article/${id}`);
  expect(read.body.result.html).toContain('<strong>五月</strong>');
  // asking again changes nothing
  await operator.post(`/api/v1/admin/articles/${id}/publish`);

  const entries = await auditOf(id);
  expect(entries.map((e) => e.action)).toEqual(['article.publish', 'article.create']);
  expect(entries[1]).toMatchObject({ actorEmail: operator.email, before: null, after: { title: draft.title, published: false } });
  expect(entries[0]).toMatchObject({ before: { published: false }, after: { published: true } });
});

test('an edit is what readers read next; taking it down hides it from the list, search and its page', async () => {
  const { id } = (await operator.post('/api/v1/admin/articles', { ...draft, title: '旧标题文章', published: true })).body.result;
  const edited = await operator.put(`/api/v1/admin/articles/${id}`, { ...draft, title: '新标题文章', summary: '手写摘要', tags: ['查重'] });
  expect(edited.body.result).toMatchObject({ title: '新标题文章', summary: '手写摘要', tags: ['查重'], published: true, updatedAt: expect.any(String) });
  expect((await reader().get(`/api/v1/article/${id}`)).body.result.title).toBe('新标题文章');
  const searched = async () => JSON.stringify((await reader().get(`/api/v1/search?q=${encodeURIComponent('新标题文章')}`)).body.result);
  expect(await searched()).toContain(id);

  await operator.post(`/api/v1/admin/articles/${id}/unpublish`);
  expect((await homeList()).map((a) => a.id)).not.toContain(id);
  expect((await reader().get(`/api/v1/article/${id}`)).status).toBe(404);
  expect(await searched()).not.toContain(id);

  const entries = await auditOf(id);
  expect(entries.map((e) => e.action)).toEqual(['article.unpublish', 'article.update', 'article.create']);
  expect(entries[1]).toMatchObject({ before: { title: '旧标题文章' }, after: { title: '新标题文章' } });
});

test('invalid articles are refused with field messages; an unknown one is 404', async () => {
  const noTitle = await operator.post('/api/v1/admin/articles', { ...draft, title: ' ' });
  expect(noTitle.status).toBe(422);
  expect(noTitle.body.errors.title).toBe('请填写标题（最多 200 字）');
  expect((await operator.post('/api/v1/admin/articles', { ...draft, category: '八卦' })).body.errors.category).toBe('没有这个栏目');
  expect((await operator.put('/api/v1/admin/articles/nope', draft)).status).toBe(404);
  expect((await operator.post('/api/v1/admin/articles/nope/publish')).status).toBe(404);
});
