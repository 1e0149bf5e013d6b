/**
 * The Umi mock server answers with the real API's shapes: every mock answer below is checked
 * against the response schema the server publishes in its OpenAPI description for that route and
 * status (the error envelope for failures).
 */
import Ajv from 'ajv';
import { ErrorBody } from '../../server/src/modules/shared/schemas';
import { DEMO_CODE, DEMO_EMAIL, DEMO_PASSWORD, MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD } from '../../mock/_lib/users';
import { axios, createMockServer } from '../web/mockServer';
import { createTestApp } from './testApp';

type Spec = { paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: object }> }> }>> };
let spec: Spec;
let close: () => Promise<void>;
let realApp: Awaited<ReturnType<typeof createTestApp>>['app'];
const ajv = new Ajv({ strict: false, allErrors: true });
const mock = createMockServer();

beforeAll(async () => {
  const t = await createTestApp();
  await t.app.ready();
  spec = t.app.swagger() as unknown as Spec;
  close = t.close;
  realApp = t.app;
});
afterAll(() => close());

/** Ids for `{…}` in a path (OpenAPI's form): an order of the demo's, and the first seeded article and document. */
const ids: Record<string, string> = { missingOrderId: 'nope', code: 'ZN-00000-00000', templateId: 'general-bachelor', missingJobId: '999999' };

/** A picture as the avatar form sends it (the head of a 1×1 PNG, as tests/api/user.test.ts sends). */
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const avatarForm = () => {
  const form = new FormData();
  form.append('file', new Blob([PNG], { type: 'image/png' }), 'me.png');
  return form;
};

async function callMock(method: string, path: string, data?: object) {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]);
  const body = data instanceof FormData ? data : data && JSON.parse(JSON.stringify(data).replace(/\{(\w+)\}/g, (_, name: string) => ids[name]));
  const res = await axios.request({ method, url, data: body, adapter: mock.adapter, validateStatus: () => true });
  return { status: res.status, body: res.data };
}

function expectServerShape(method: string, path: string, status: number, body: unknown) {
  const route = spec.paths[path]?.[method.toLowerCase()];
  expect(route).toBeDefined(); // the mock serves no route the server lacks
  const declared = route.responses[String(status)]?.content?.['application/json']?.schema;
  const schema = declared ?? (status >= 400 ? ErrorBody : undefined);
  expect(schema).toBeDefined();
  const valid = ajv.validate(schema!, body);
  if (!valid) throw new Error(`${method} ${path} ${status}: ${ajv.errorsText()}\n${JSON.stringify(body)}`);
}

const PAPER =
  '本文讨论县域中学课后服务的组织方式。作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况，并比较了两校在经费、课程和激励方面的差别。'.repeat(
    3,
  );

const scenarios: Array<[string, string, string, object | undefined, number]> = [
  ['a visitor', 'GET', '/api/v1/user/getCurrent', undefined, 200],
  ['wrong password', 'POST', '/api/v1/actionLogin', { email: DEMO_EMAIL, password: 'Wrong1234' }, 200],
  ['no e-mail', 'POST', '/api/v1/actionLogin', { password: 'x' }, 422],
  ['a login', 'POST', '/api/v1/actionLogin', { email: DEMO_EMAIL, password: DEMO_PASSWORD }, 200],
  ['a user', 'GET', '/api/v1/user/getCurrent', undefined, 200],
  ['basic info', 'PUT', '/api/v1/user/basicInfo', { nickname: '演示同学', school: '示例大学', phone: '' }, 200],
  ['bad basic info', 'PUT', '/api/v1/user/basicInfo', { nickname: 'x' }, 422],
  ['avatar', 'POST', '/api/v1/user/avatar', avatarForm(), 200],
  ['wrong old password', 'POST', '/api/v1/user/modifyPassword', { oldPassword: 'Nope12345', newPassword: 'Next2026ab' }, 422],
  ['modify password', 'POST', '/api/v1/user/modifyPassword', { oldPassword: DEMO_PASSWORD, newPassword: 'Next2026ab' }, 200],
  ['the payment gateway', 'GET', '/api/v1/payment/gateway', undefined, 200],
  ['an order', 'GET', '/api/v1/order/{orderId}', undefined, 200],
  ['paying an order', 'POST', '/api/v1/order/{orderId}/pay', { channel: 'alipay' }, 200],
  ['paying with no channel', 'POST', '/api/v1/order/{orderId}/pay', { channel: 'cash' }, 422],
  ['cancelling an order', 'POST', '/api/v1/order/{orderId}/cancel', undefined, 200],
  ['cancelling it again', 'POST', '/api/v1/order/{orderId}/cancel', undefined, 409],
  ['the article list', 'GET', '/api/v1/article?pageSize=3', undefined, 200],
  ['a page number out of bounds', 'GET', '/api/v1/article?current=0', undefined, 422],
  ['an article', 'GET', '/api/v1/article/{articleId}', undefined, 200],
  ['the document library', 'GET', '/api/v1/document?type=%E7%A1%95%E5%A3%AB', undefined, 200],
  ['the disciplines', 'GET', '/api/v1/document/disciplines', undefined, 200],
  ['a document', 'GET', '/api/v1/document/{documentId}', undefined, 200],
  ['a search', 'GET', '/api/v1/search?q=%E6%9F%A5%E9%87%8D', undefined, 200],
  ['an empty search', 'GET', '/api/v1/search?q=', undefined, 422],
  ['the check systems', 'GET', '/api/v1/review/system', undefined, 200],
  ['a price', 'POST', '/api/v1/review/quote', { systemId: 'undergraduate', text: PAPER }, 200],
  ['a price for too short a paper', 'POST', '/api/v1/review/quote', { systemId: 'undergraduate', text: '太短' }, 422],
  // the page showed another price than the server's now: refused, nothing made
  [
    'a new check at a price no longer asked',
    'POST',
    '/api/v1/review',
    { systemId: 'undergraduate', title: '测试论文', author: '林晓', text: PAPER, quotedFen: 1 },
    409,
  ],
  ['a new check', 'POST', '/api/v1/review', { systemId: 'undergraduate', title: '测试论文', author: '林晓', text: PAPER }, 200],
  ['the checks', 'GET', '/api/v1/review', undefined, 200],
  ['a check', 'GET', '/api/v1/review/{reviewId}', undefined, 200],
  ['its report before payment', 'GET', '/api/v1/review/{reviewId}/report', undefined, 409],
  ['an unknown code', 'GET', '/api/v1/review/verify/{code}', undefined, 404],
  ['the templates', 'GET', '/api/v1/typeset/template', undefined, 200],
  ['a template', 'GET', '/api/v1/typeset/template/{templateId}', undefined, 200],
  ['a template’s sample pages', 'GET', '/api/v1/typeset/template/{templateId}/sample', undefined, 200],
  ['the typesets', 'GET', '/api/v1/typeset', undefined, 200],
  ['an order for an unpaid review', 'POST', '/api/v1/order', { kind: 'review', itemId: '{reviewId}' }, 200],
  // the QA order and the real one: both listed
  ['one’s orders', 'GET', '/api/v1/order/list?pageSize=5', undefined, 200],
  ['a page of orders too long', 'GET', '/api/v1/order/list?pageSize=500', undefined, 422],
  ['a student in the back office', 'GET', '/api/v1/admin/orders', undefined, 403],
  ['logout', 'POST', '/api/v1/actionLogin/logout', undefined, 200],
  ['a visitor changing info', 'PUT', '/api/v1/user/basicInfo', { nickname: '访客' }, 401],
  ['send a code', 'POST', '/api/v1/user/sendCode', { email: 'new@example.cn', purpose: 'register' }, 200],
  ['a bad code request', 'POST', '/api/v1/user/sendCode', { email: 'x', purpose: 'x' }, 422],
  ['register', 'POST', '/api/v1/user/register', { email: 'new@example.cn', code: DEMO_CODE, password: 'Lunwen2026', nickname: '新同学', agreement: true }, 200],
  [
    'register with a wrong code',
    'POST',
    '/api/v1/user/register',
    { email: 'n2@example.cn', code: '000000', password: 'Lunwen2026', nickname: '新同学', agreement: true },
    422,
  ],
  [
    'register with a common password',
    'POST',
    '/api/v1/user/register',
    { email: 'n3@example.cn', code: DEMO_CODE, password: 'Password1', nickname: '新同学', agreement: true },
    422,
  ],
  ['reset password', 'POST', '/api/v1/user/resetPassword', { email: DEMO_EMAIL, code: DEMO_CODE, password: DEMO_PASSWORD }, 200],
  ['a visitor in the back office', 'GET', '/api/v1/admin/orders', undefined, 401],
  ['the mock’s admin signs in', 'POST', '/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD }, 200],
  ['the back office’s orders', 'GET', '/api/v1/admin/orders?pageSize=5', undefined, 200],
  ['a student’s orders by e-mail', 'GET', `/api/v1/admin/orders?email=${encodeURIComponent(DEMO_EMAIL)}`, undefined, 200],
  ['orders by a date that is none', 'GET', '/api/v1/admin/orders?createdFrom=yesterday', undefined, 422],
  ['an order in the back office', 'GET', '/api/v1/admin/orders/{reviewOrderId}', undefined, 200],
  ['a refund of no order', 'POST', '/api/v1/admin/orders/{missingOrderId}/refund', { requestNo: 'RFmock0001', reason: '测试' }, 404],
  ['a refund without a reason', 'POST', '/api/v1/admin/orders/{reviewOrderId}/refund', { requestNo: 'RFmock0001' }, 422],
  ['a refund of an unpaid order', 'POST', '/api/v1/admin/orders/{reviewOrderId}/refund', { requestNo: 'RFmock0001', reason: '测试' }, 409],
  ['the audit log', 'GET', '/api/v1/admin/audit', undefined, 200],
  ['the overview', 'GET', '/api/v1/admin/overview?days=7', undefined, 200],
  ['an overview of too many days', 'GET', '/api/v1/admin/overview?days=91', undefined, 422],
  ['the failed jobs', 'GET', '/api/v1/admin/jobs?status=failed&family=review', undefined, 200],
  ['a retry of no job', 'POST', '/api/v1/admin/jobs/{missingJobId}/retry', undefined, 404],
  ['the accounts by e-mail', 'GET', `/api/v1/admin/users?email=${encodeURIComponent(DEMO_EMAIL)}`, undefined, 200],
  ['disabling without a reason', 'POST', '/api/v1/admin/users/{missingOrderId}/disable', {}, 422],
  ['disabling no account', 'POST', '/api/v1/admin/users/{missingOrderId}/disable', { reason: '测试' }, 404],
  ['every article', 'GET', '/api/v1/admin/articles?published=false', undefined, 200],
  ['a new article', 'POST', '/api/v1/admin/articles', { title: '测试公告', category: '平台公告', body: '正文' }, 200],
  ['an article without a title', 'POST', '/api/v1/admin/articles', { title: '', category: '平台公告', body: '正文' }, 422],
  ['editing no article', 'PUT', '/api/v1/admin/articles/{missingOrderId}', { title: '标题', category: '平台公告', body: '正文' }, 404],
  ['publishing no article', 'POST', '/api/v1/admin/articles/{missingOrderId}/publish', undefined, 404],
];

beforeAll(async () => {
  // an order of the demo's for the order scenarios, made as the pages make one; then signed out again
  await callMock('POST', '/api/v1/actionLogin', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  const review = (await callMock('POST', '/api/v1/review', { systemId: 'undergraduate', title: '订单用的论文', author: '林晓', text: PAPER })).body.result
    .review;
  ids.orderId = (await callMock('POST', '/api/v1/order', { kind: 'review', itemId: review.id })).body.result.id;
  await callMock('POST', '/api/v1/actionLogin/logout');
  ids.articleId = (await callMock('GET', '/api/v1/article')).body.result.list[0].id;
  ids.documentId = (await callMock('GET', '/api/v1/document')).body.result.list[0].id;
});

test.each(scenarios)('%s: %s %s answers %d in the server’s shape', async (_case, method, path, data, status) => {
  const { status: got, body } = await callMock(method, path, data);
  if (path === '/api/v1/review' && method === 'POST' && body.success) ids.reviewId = body.result.review.id;
  if (path === '/api/v1/order' && method === 'POST') ids.reviewOrderId = body.result.id;
  expect(got).toBe(status);
  const param = path.includes('/users/') ? '{userId}' : path.includes('/articles/') ? '{articleId}' : '{orderId}';
  expectServerShape(
    method,
    path
      .split('?')[0]
      .replace(/\{(reviewOrderId|missingOrderId)\}/, param)
      .replace('{missingJobId}', '{jobId}'),
    got,
    body,
  );
});

test('a refund in the mock’s back office: the server’s shape, one audit entry, and the student sees it refunded', async () => {
  // the order the scenarios made for the demo's review, paid as the mock's sandbox pays
  await callMock('GET', '/api/v1/mock/pay/{reviewOrderId}');
  await callMock('POST', '/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD });
  const body = { requestNo: 'RFmock0002', amountFen: 100, reason: '部分退款' };
  const refund = await callMock('POST', '/api/v1/admin/orders/{reviewOrderId}/refund', body);
  expect(refund.status).toBe(200);
  expectServerShape('POST', '/api/v1/admin/orders/{orderId}/refund', 200, refund.body);
  expect(refund.body.result.order).toMatchObject({ status: 'refunded', refundedFen: 100, userEmail: DEMO_EMAIL });
  expect((await callMock('POST', '/api/v1/admin/orders/{reviewOrderId}/refund', body)).body.result.refunds).toHaveLength(1);
  const log = await callMock('GET', '/api/v1/admin/audit?action=order.refund');
  expect(log.body.result.list).toHaveLength(1);
  await callMock('POST', '/api/v1/actionLogin', { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  expect((await callMock('GET', '/api/v1/order/{reviewOrderId}')).body.result).toMatchObject({ status: 'refunded', refundedFen: 100 });
});

test('the mock’s back office disables an account (its login is refused, one audit entry) and publishes an article to the home list', async () => {
  await callMock('POST', '/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD });
  const demo = (await callMock('GET', `/api/v1/admin/users?email=${encodeURIComponent(DEMO_EMAIL)}`)).body.result.list[0];
  const disabled = await callMock('POST', `/api/v1/admin/users/${demo.id}/disable`, { reason: '测试停用' });
  expect(disabled.body.result).toMatchObject({ email: DEMO_EMAIL, disabledAt: expect.any(String) });
  expect((await callMock('GET', `/api/v1/admin/audit?action=user.disable&targetId=${demo.id}`)).body.result.total).toBe(1);
  const article = (await callMock('POST', '/api/v1/admin/articles', { title: '模拟发布的公告', category: '平台公告', body: '正文', published: true })).body
    .result;
  expectServerShape('POST', '/api/v1/admin/articles', 200, { success: true, result: article });
  expect((await callMock('GET', '/api/v1/article?pageSize=1')).body.result.list[0].id).toBe(article.id);

  expect((await callMock('POST', '/api/v1/actionLogin', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).body).toMatchObject({
    success: false,
    errorCode: 'ACCOUNT_DISABLED',
  });
  await callMock('POST', '/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD });
  expect((await callMock('POST', `/api/v1/admin/users/${demo.id}/enable`)).body.result.disabledAt).toBeNull();
  expect((await callMock('POST', '/api/v1/actionLogin', { email: DEMO_EMAIL, password: DEMO_PASSWORD })).body.success).toBe(true);
});

test('a sample page is a picture as wide as asked, at the widths the server draws; others are refused as the server refuses them', async () => {
  const { widths, version } = (await callMock('GET', '/api/v1/typeset/template/general-bachelor/sample')).body.result;
  const picture = await axios.get(`/api/v1/typeset/template/general-bachelor/sample/1.png?w=${widths[0]}&v=${version}`, {
    adapter: mock.adapter,
    responseType: 'arraybuffer',
  });
  expect(picture.headers['content-type']).toBe('image/png');
  expect(Buffer.from(picture.data).readUInt32BE(16)).toBe(widths[0]);
  const wrong = await callMock('GET', '/api/v1/typeset/template/general-bachelor/sample/1.png?w=123');
  expect(wrong.status).toBe(422);
  expectServerShape('GET', '/api/v1/typeset/template/{templateId}/sample/{page}', 422, wrong.body);
});

test('an unknown article answers 404 as the server does', async () => {
  const { status, body } = await callMock('GET', '/api/v1/article/nope');
  expect(status).toBe(404);
  expect(body.message).toBe('文章不存在或已下线');
});

test.each(['401', '403', '404', '500'])('the QA fault %s answers in the error envelope', async (fault) => {
  await callMock('GET', `/api/v1/mock/fault?type=${fault}`);
  const { status, body } = await callMock('GET', '/api/v1/user/getCurrent');
  expect(status).toBe(Number(fault));
  expect(ajv.validate(ErrorBody, body)).toBe(true);
  await callMock('GET', '/api/v1/mock/fault?type=off');
});

test('the QA fault 401 answers as the real server does to a visitor, the redirect level included', async () => {
  await callMock('GET', '/api/v1/mock/fault?type=401');
  const { body } = await callMock('GET', '/api/v1/review');
  await callMock('GET', '/api/v1/mock/fault?type=off');
  const real = await realApp.inject({ method: 'GET', url: '/api/v1/review' });
  expect(real.statusCode).toBe(401);
  expect(body).toEqual(real.json());
});

test('the mock’s library lists and removes (the upload: tests/web/adminLibrary); an account’s detail; all in the server’s shapes', async () => {
  await callMock('POST', '/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD });
  const list = await callMock('GET', '/api/v1/admin/library?pageSize=5');
  expectServerShape('GET', '/api/v1/admin/library', list.status, list.body);
  const [paper] = list.body.result.list;
  const removed = await callMock('DELETE', `/api/v1/admin/library/${paper.id}`);
  expectServerShape('DELETE', '/api/v1/admin/library/{documentId}', removed.status, removed.body);
  expect(removed.body.result).toEqual({ id: paper.id, title: paper.title });
  expect((await callMock('GET', '/api/v1/admin/audit?action=library.remove')).body.result.total).toBe(1);
  expectServerShape('DELETE', '/api/v1/admin/library/{documentId}', 404, (await callMock('DELETE', '/api/v1/admin/library/nope')).body);

  const demo = (await callMock('GET', `/api/v1/admin/users?email=${encodeURIComponent(DEMO_EMAIL)}`)).body.result.list[0];
  const detail = await callMock('GET', `/api/v1/admin/users/${demo.id}`);
  expectServerShape('GET', '/api/v1/admin/users/{userId}', detail.status, detail.body);
  expect(detail.body.result.user.email).toBe(DEMO_EMAIL);
  expect(detail.body.result.reviews.total).toBeGreaterThan(0);
  expectServerShape('GET', '/api/v1/admin/users/{userId}', 404, (await callMock('GET', '/api/v1/admin/users/nope')).body);
});
