import { del, get, post, postForm, put } from '@/utils/request';
import { createPluginManager } from '@@/core/plugin';
import { server } from './mockServer';

server.listen();
createPluginManager(); // the request plugin reads src/app.tsx's runtime config through it
const ok = (req: unknown, res: any) => res.status(200).json({ success: true, result: null });

beforeEach(() => {
  server.reset();
  server.use({ 'GET /api/v1/echo': ok, 'POST /api/v1/echo': ok, 'PUT /api/v1/echo': ok, 'DELETE /api/v1/echo': ok });
});

const last = () => server.requests[server.requests.length - 1];

test('get: /api prefix, credentials, nested query flattened into dotted keys', async () => {
  await get('/v1/echo', { page: 1, filter: { year: 2024, tags: ['a', 'b'] } });
  expect(last()).toMatchObject({
    method: 'GET',
    path: '/api/v1/echo',
    query: { page: '1', 'filter.year': '2024', 'filter.tags.0': 'a', 'filter.tags.1': 'b' },
    withCredentials: true,
  });
});

test.each([
  ['post', post, 'POST'],
  ['put', put, 'PUT'],
  ['delete', del, 'DELETE'],
] as const)('%s: a JSON body plus optional query parameters', async (_name, call, method) => {
  await call('/v1/echo', { title: '论文', meta: { pages: 3 } }, { draft: true, by: { id: 7 } });
  expect(last()).toMatchObject({
    method,
    path: '/api/v1/echo',
    body: { title: '论文', meta: { pages: 3 } },
    query: { draft: 'true', 'by.id': '7' },
    withCredentials: true,
  });
  expect(last().contentType).toContain('application/json');
});

test('postForm: a form-encoded body', async () => {
  await postForm('/v1/echo', { email: 'a@b.cn', n: 2 });
  expect(last()).toMatchObject({ method: 'POST', path: '/api/v1/echo', body: { email: 'a@b.cn', n: '2' } });
  expect(last().contentType).toContain('application/x-www-form-urlencoded');
});

test('a success: false answer rejects, carrying the body', async () => {
  server.use({ 'GET /api/v1/echo': (_req, res) => res.status(200).json({ success: false, message: '不行', showType: 0 }) });
  await expect(get('/v1/echo')).rejects.toMatchObject({ name: 'BizError', body: { message: '不行' } });
});
