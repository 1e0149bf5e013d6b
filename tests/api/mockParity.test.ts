/**
 * The mock is the server: one student's visit (sign up, log in, the article list, upload a paper,
 * a price, a review and its order, paying, the report and its PDF, a typesetting upload) runs
 * against the real server (inject) and against the Umi mock server's handlers (mock/*.ts, as Umi
 * hands them a request), and every answer is the same but for ids, times and the codes each mails.
 */
import { PASTED_PAPER } from '../fixtures/pastedPaper';
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';
import { DEMO_CODE } from '../../mock/_lib/users';
import { axios, createMockServer } from '../web/mockServer';
import { codeFromOutbox, cookieJar, createTestApp, payAsGateway } from './testApp';

// the typesetting job lays its pages out in LibreOffice, on both sides
jest.setTimeout(240_000);

interface Answer {
  status: number;
  type: string;
  body: unknown;
}
interface Upload {
  fields: Record<string, string>;
  file: { name: string; data: Buffer };
}
interface Side {
  call(method: string, url: string, data?: object | Upload): Promise<Answer>;
  /** the registration code this side takes for a mailed one */
  code(email: string): Promise<string>;
  pay(orderId: string): Promise<void>;
}

const isUpload = (data: unknown): data is Upload => Boolean(data && typeof data === 'object' && 'file' in data);
const answerOf = (status: number, type: string, raw: Buffer): Answer => ({
  status,
  type,
  body: type.includes('json') ? JSON.parse(raw.toString('utf8')) : type.includes('pdf') ? `PDF of ${raw.length > 1000 ? 'some' : 'no'} pages` : raw.length,
});

let server: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  server = await createTestApp();
});
afterAll(() => server.close());

function serverSide(): Side {
  const jar = cookieJar();
  return {
    async call(method, url, data) {
      let payload: string | Buffer | undefined = data && !isUpload(data) ? JSON.stringify(data) : undefined;
      const headers: Record<string, string> = { cookie: jar.header() };
      if (payload) headers['content-type'] = 'application/json';
      if (isUpload(data)) {
        const boundary = '----zn-parity';
        const fields = Object.entries(data.fields).map(
          ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        );
        const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${data.file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
        payload = Buffer.concat([Buffer.from(fields.join('') + head), data.file.data, Buffer.from(`\r\n--${boundary}--\r\n`)]);
        headers['content-type'] = `multipart/form-data; boundary=${boundary}`;
      }
      const res = await server.app.inject({ method: method as 'GET', url, payload, headers });
      jar.store(res.headers['set-cookie']);
      // the server works in the background; the mock before it answers
      if (method !== 'GET') await server.app.jobs.drain();
      return answerOf(res.statusCode, String(res.headers['content-type'] ?? ''), res.rawPayload);
    },
    code: (email) => codeFromOutbox(server.app, email),
    async pay(orderId) {
      const order = (await server.app.orders.find(orderId))!;
      await payAsGateway(server.app, orderId, order.amount_fen);
      await server.app.jobs.drain();
    },
  };
}

function mockSide(): Side {
  const mock = createMockServer();
  const side: Side = {
    async call(method, url, data) {
      let body: unknown = data;
      if (isUpload(data)) {
        const form = new FormData();
        for (const [name, value] of Object.entries(data.fields)) form.append(name, value);
        form.append('file', new Blob([new Uint8Array(data.file.data)]), data.file.name);
        body = form;
      }
      const res = await axios.request({ method, url, data: body, adapter: mock.adapter, validateStatus: () => true, responseType: 'arraybuffer' });
      const type = String(res.headers['content-type'] ?? '');
      // the stand-in hands JSON over read, as a browser's request layer does
      const raw = Buffer.isBuffer(res.data) ? res.data : Buffer.from(JSON.stringify(res.data));
      return answerOf(res.status, type, raw);
    },
    code: async () => DEMO_CODE,
    async pay(orderId) {
      await side.call('GET', `/api/v1/mock/pay/${orderId}`);
    },
  };
  return side;
}

/** What differs between two runs of the same visit: ids, times, codes, the site's address in a link. */
function comparable(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => comparable(item, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, comparable(v, k)]));
  if (typeof value !== 'string') return value;
  if (/(^id|Id|At|^code|Code|^avatar)$/.test(key) && value) return `<${key}>`;
  if (/^\d{4}-\d{2}-\d{2}T/.test(value)) return '<time>';
  if (key === 'payUrl')
    return value
      .replace(/^https?:\/\/[^/]+/, '')
      .replace(/\?.*$/, '?<signed>')
      .replace(/sandbox\/[\w-]+/, 'sandbox/<orderId>');
  return value;
}

async function visit(side: Side) {
  const steps: Array<[string, Answer]> = [];
  const step = async (name: string, method: string, url: string, data?: object | Upload) => {
    const answer = await side.call(method, url, data);
    steps.push([name, answer]);
    return answer.body as { result: any };
  };
  const email = 'parity@example.cn';
  await step('send a code', 'POST', '/api/v1/user/sendCode', { email, purpose: 'register' });
  await step('a wrong code', 'POST', '/api/v1/user/register', { email, code: '000000', password: 'Lunwen2026', nickname: '新同学', agreement: true });
  await step('sign up', 'POST', '/api/v1/user/register', { email, code: await side.code(email), password: 'Lunwen2026', nickname: '新同学', agreement: true });
  await step('a wrong password', 'POST', '/api/v1/actionLogin', { email, password: 'Wrong2026' });
  await step('log in', 'POST', '/api/v1/actionLogin', { email, password: 'Lunwen2026' });
  await step('who am I', 'GET', '/api/v1/user/getCurrent');
  await step('articles', 'GET', '/api/v1/article?pageSize=3');
  await step('a page out of range', 'GET', '/api/v1/article?current=0');
  const upload = await step('upload a paper', 'POST', '/api/v1/review/paper', { fields: {}, file: { name: '我的论文.txt', data: Buffer.from(PASTED_PAPER) } });
  await step('upload no paper', 'POST', '/api/v1/review/paper', { fields: {}, file: { name: '伪装.docx', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) } });
  const { uploadId } = upload.result;
  await step('a price', 'POST', '/api/v1/review/quote', { systemId: 'undergraduate', uploadId });
  const created = await step('a review', 'POST', '/api/v1/review', {
    systemId: 'undergraduate',
    title: '县域中学课后服务的组织与成效',
    author: '林晓',
    uploadId,
  });
  const { review, orderId } = created.result;
  await step('the report before paying', 'GET', `/api/v1/review/${review.id}/report`);
  await step('its order', 'GET', `/api/v1/order/${orderId}`);
  await step('pay with cash', 'POST', `/api/v1/order/${orderId}/pay`, { channel: 'cash' });
  await step('pay with Alipay', 'POST', `/api/v1/order/${orderId}/pay`, { channel: 'alipay' });
  await side.pay(orderId);
  await step('the order paid', 'GET', `/api/v1/order/${orderId}`);
  await step('the review done', 'GET', `/api/v1/review/${review.id}`);
  await step('the report', 'GET', `/api/v1/review/${review.id}/report`);
  await step('the report as PDF', 'GET', `/api/v1/review/${review.id}/report.pdf`);
  await step('the orders', 'GET', '/api/v1/order/list');
  const typeset = await step('a manuscript to typeset', 'POST', '/api/v1/typeset', {
    fields: { ...FIELDS, templateId: 'general-bachelor' },
    file: { name: '论文初稿.docx', data: await wordManuscript() },
  });
  await step('its typesetting', 'GET', `/api/v1/typeset/${typeset.result.id}`);
  await step('its first preview page', 'GET', `/api/v1/typeset/${typeset.result.id}/preview/1.png`);
  await step('log out', 'POST', '/api/v1/actionLogin/logout');
  await step('a visitor', 'GET', '/api/v1/user/getCurrent');
  return steps;
}

test('one visit, against the server and against the mock, gets the same answers', async () => {
  const real = await visit(serverSide());
  const mocked = await visit(mockSide());
  expect(mocked.map(([name]) => name)).toEqual(real.map(([name]) => name));
  for (const [i, [name, answer]] of real.entries()) {
    expect([name, comparable(mocked[i][1])]).toEqual([name, comparable(answer)]);
  }
  // the visit did what it says: a paid review with its report, a typesetting done
  const byName = Object.fromEntries(real);
  expect(byName['the report'].body).toMatchObject({ success: true, result: { review: { status: 'done' } } });
  expect(byName['the report as PDF']).toMatchObject({ status: 200, type: 'application/pdf' });
  expect(byName['its typesetting'].body).toMatchObject({ success: true, result: { status: 'done' } });
  expect(byName['a wrong code'].status).toBe(422);
});
