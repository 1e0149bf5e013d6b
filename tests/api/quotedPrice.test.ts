/**
 * The price a student saw travels with the submit (`quotedFen`): when an admin changed the price in
 * between, the check (or the typesetting's order) is refused with a 409 that says both amounts,
 * and nothing is created or changed. Without the field the server behaves as before (older pages).
 */
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';
import { client, createTestApp, multipart, staffUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Awaited<ReturnType<typeof staffUser>>;
let student: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffUser(t, 'admin');
  student = client(t.app);
  await student.login();
});
afterAll(() => t.close());

// a little over a thousand characters: two started thousands
const TEXT = '县域中学课后服务的组织方式、经费来源与学生参与情况各不相同。'.repeat(40).slice(0, 1206);
const FORM = { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text: TEXT };

const setPrice = async (pricePerThousandFen: number) => {
  const res = await admin.put('/api/v1/admin/systems/undergraduate', { pricePerThousandFen, minMatch: 13, maxChars: 150_000, enabled: true });
  expect(res.status).toBe(200);
};
const quote = async () =>
  (await student.post('/api/v1/review/quote', { systemId: 'undergraduate', text: TEXT })).body.result as { charCount: number; amountFen: number };
const counts = async () => ({
  reviews: (await student.get('/api/v1/review')).body.result.total as number,
  orders: (await student.get('/api/v1/order/list')).body.result.total as number,
});

afterEach(() => setPrice(300));

test('a price raised after the quote: 409 with both amounts, nothing created; the new quote then goes through', async () => {
  const seen = await quote();
  expect(seen.amountFen).toBe(600);
  await setPrice(800);
  const before = await counts();

  const refused = await student.post('/api/v1/review', { ...FORM, quotedFen: seen.amountFen });
  expect(refused.status).toBe(409);
  expect(refused.body).toMatchObject({
    success: false,
    errorCode: 'PRICE_CHANGED',
    message: '价格已调整：应付金额由 ¥6.00 变为 ¥16.00，请确认后重新提交',
  });
  expect(await counts()).toEqual(before);

  const again = await quote();
  expect(again.amountFen).toBe(1600);
  const made = await student.post('/api/v1/review', { ...FORM, quotedFen: again.amountFen });
  expect(made.status).toBe(200);
  expect((await student.get(`/api/v1/order/${made.body.result.orderId}`)).body.result.amountFen).toBe(1600);
});

test('without quotedFen the check is made at the current price, as before', async () => {
  await setPrice(800);
  const made = await student.post('/api/v1/review', FORM);
  expect(made.status).toBe(200);
  expect(made.body.result.review.amountFen).toBe(1600);
});

test('an unpaid check saved again at a stale price is refused and keeps its order', async () => {
  const made = (await student.post('/api/v1/review', { ...FORM, quotedFen: 600 })).body.result as { review: { id: string }; orderId: string };
  await setPrice(800);
  const refused = await student.put(`/api/v1/review/${made.review.id}`, { ...FORM, title: '改过的题目', quotedFen: 600 });
  expect(refused.status).toBe(409);
  expect(refused.body.message).toBe('价格已调整：应付金额由 ¥6.00 变为 ¥16.00，请确认后重新提交');
  // the old order is still the one to pay, and the form's fields are unchanged
  expect((await student.get(`/api/v1/order/${made.orderId}`)).body.result.status).toBe('pending');
  expect((await student.get(`/api/v1/review/${made.review.id}`)).body.result).toMatchObject({ title: FORM.title, orderId: made.orderId });
});

test('quotedFen must be a whole number of fen', async () => {
  for (const quotedFen of [-1, 1.5, 'six']) {
    const res = await student.post('/api/v1/review', { ...FORM, quotedFen });
    expect(res.status).toBe(422);
  }
});

test('a typesetting ordered at its template’s old price is refused; without quotedFen, or at the new price, it is ordered', async () => {
  const body = multipart({ ...FIELDS, templateId: 'general-bachelor' }, { name: '论文.docx', data: await wordManuscript() });
  const { id } = (await student.call('POST', '/api/v1/typeset', body.payload, body.headers)).body.result;
  // a PATH without LibreOffice: the job finishes at once, without preview pages (enough to order it)
  const path = process.env.PATH;
  process.env.PATH = '';
  try {
    await t.app.jobs.drain();
  } finally {
    process.env.PATH = path;
  }
  const seen = (await student.get(`/api/v1/typeset/${id}`)).body.result;
  expect(seen).toMatchObject({ status: 'done', priceFen: 1990 });
  expect((await admin.put('/api/v1/admin/templates/general-bachelor', { priceFen: 2490, enabled: true })).status).toBe(200);
  try {
    const refused = await student.post('/api/v1/order', { kind: 'typeset', itemId: id, quotedFen: seen.priceFen });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'PRICE_CHANGED', message: '价格已调整：应付金额由 ¥19.90 变为 ¥24.90，请确认后重新提交' });
    expect((await student.get('/api/v1/order/list')).body.result.list.some((o: { itemId: string }) => o.itemId === id)).toBe(false);

    const now = (await student.get(`/api/v1/typeset/${id}`)).body.result.priceFen;
    expect(now).toBe(2490);
    const order = await student.post('/api/v1/order', { kind: 'typeset', itemId: id, quotedFen: now });
    expect(order.status).toBe(200);
    expect(order.body.result.amountFen).toBe(2490);
    // asked again without the field (an older page), the open order is the answer, as before
    expect((await student.post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result.id).toBe(order.body.result.id);
  } finally {
    await admin.put('/api/v1/admin/templates/general-bachelor', { priceFen: 1990, enabled: true });
  }
});
