/**
 * The back office's catalogue: admins (never operators: prices are money) change a review system's price, limits and sale, and a
 * template's price and sale. New orders take the new price; an order already made keeps its amount;
 * a system or template taken off sale is offered to no one. Each change writes one audit entry,
 * and a setting the engine cannot honour is refused in Chinese.
 */
import { client, createTestApp, staffUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof staffUser>>;
let admin: Awaited<ReturnType<typeof staffUser>>;
let student: ReturnType<typeof client>;

beforeAll(async () => {
  t = await createTestApp();
  operator = await staffUser(t, 'operator');
  admin = await staffUser(t, 'admin');
  student = client(t.app);
  await student.login();
});
afterAll(() => t.close());

const TEXT = '县域中学课后服务的组织方式、经费来源与学生参与情况各不相同。'.repeat(60);
const auditOf = async (targetId: string) =>
  (await admin.get(`/api/v1/admin/audit?targetId=${targetId}&pageSize=50`)).body.result.list as Array<{ action: string; before: any; after: any }>;
const systemOf = async (id: string) => ((await admin.get('/api/v1/admin/systems')).body.result.list as Array<{ id: string }>).find((s) => s.id === id);
const offeredSystems = async () => (await client(t.app).get('/api/v1/review/system')).body.result as Array<{ id: string; pricePerThousandFen: number }>;

test('an operator can neither read nor change prices, limits or sale, and is told it is for admins', async () => {
  const refusal = { success: false, errorCode: 'FORBIDDEN', message: '价格与上架仅限管理员管理', showType: 2 };
  const calls = [
    ['GET', '/api/v1/admin/systems', undefined],
    ['PUT', '/api/v1/admin/systems/journal', { pricePerThousandFen: 1, minMatch: 13, maxChars: 60_000, enabled: true }],
    ['GET', '/api/v1/admin/templates', undefined],
    ['PUT', '/api/v1/admin/templates/general-bachelor', { priceFen: 1, enabled: false }],
  ] as const;
  for (const [method, url, body] of calls) {
    const refused = await operator.call(method, url, body);
    expect([url, refused.status, refused.body]).toEqual([url, 403, refusal]);
  }
  expect(await systemOf('journal')).toMatchObject({ pricePerThousandFen: 400 });
  expect((await offeredSystems()).find((s) => s.id === 'journal')).toMatchObject({ pricePerThousandFen: 400 });
  expect(await auditOf('general-bachelor')).toEqual([]);
});

test('a new price applies to new orders only, with one audit entry', async () => {
  const before = await systemOf('journal');
  expect(before).toMatchObject({ id: 'journal', name: '期刊职称论文检测', pricePerThousandFen: 400, minMatch: 13, enabled: true });
  const made = (await student.post('/api/v1/review', { systemId: 'journal', title: '早先的订单', author: '林晓', text: TEXT })).body.result;
  const thousands = Math.ceil(made.review.charCount / 1000);
  expect(made.review.amountFen).toBe(thousands * 400);

  const changed = await admin.put('/api/v1/admin/systems/journal', { ...before, pricePerThousandFen: 450, id: undefined, name: undefined });
  expect(changed.status).toBe(200);
  expect(changed.body).toMatchObject({ message: '已保存，新价格和限制对之后的订单生效', result: { pricePerThousandFen: 450 } });
  expect((await offeredSystems()).find((s) => s.id === 'journal')!.pricePerThousandFen).toBe(450);
  expect((await student.post('/api/v1/review/quote', { systemId: 'journal', text: TEXT })).body.result.amountFen).toBe(thousands * 450);
  // the order made before keeps its amount
  expect((await student.get(`/api/v1/order/${made.orderId}`)).body.result.amountFen).toBe(thousands * 400);

  const entries = await auditOf('journal');
  expect(entries.map((e) => e.action)).toEqual(['system.update']);
  expect(entries[0]).toMatchObject({ before: { pricePerThousandFen: 400 }, after: { pricePerThousandFen: 450 } });
});

test('a system taken off sale is offered to no one and refused for a new review; put back, it is offered again', async () => {
  const settings = { pricePerThousandFen: 500, minMatch: 13, maxChars: 400_000 };
  const offSale = await admin.put('/api/v1/admin/systems/graduate', { ...settings, enabled: false });
  expect(offSale.body).toMatchObject({ message: '已保存并下架，学生不能再选择或下单；新价格和限制对之后的订单生效', result: { enabled: false } });
  expect((await offeredSystems()).map((s) => s.id)).not.toContain('graduate');
  expect(await systemOf('graduate')).toMatchObject({ enabled: false });
  const refused = await student.post('/api/v1/review', { systemId: 'graduate', title: '题目', author: '林晓', text: TEXT });
  expect(refused.status).toBe(422);
  expect(refused.body.errors.systemId).toBe('「硕博学位论文检测」已暂停服务，请选择其他检测系统');

  await admin.put('/api/v1/admin/systems/graduate', { ...settings, enabled: true });
  expect((await offeredSystems()).map((s) => s.id)).toContain('graduate');
  expect((await auditOf('graduate')).map((e) => e.action)).toEqual(['system.update', 'system.update']);
});

test('settings the engine cannot honour are refused in Chinese and change nothing', async () => {
  const tooShort = await admin.put('/api/v1/admin/systems/undergraduate', { pricePerThousandFen: 300, minMatch: 5, maxChars: 150_000, enabled: true });
  expect(tooShort.status).toBe(422);
  expect(tooShort.body.message).toContain('起报字数须为 8 到 200 之间的整数');
  const free = await admin.put('/api/v1/admin/systems/undergraduate', { pricePerThousandFen: 0, minMatch: 13, maxChars: 150_000, enabled: true });
  expect(free.status).toBe(422);
  expect((await admin.put('/api/v1/admin/systems/nothing', { pricePerThousandFen: 300, minMatch: 13, maxChars: 150_000, enabled: true })).status).toBe(404);
  expect(await systemOf('undergraduate')).toMatchObject({ pricePerThousandFen: 300, minMatch: 13 });
  expect(await auditOf('undergraduate')).toEqual([]);
});

test('a template: a new price for new typesets, and off sale it leaves the library', async () => {
  const templates = (await admin.get('/api/v1/admin/templates')).body.result.list as Array<{ id: string; priceFen: number; enabled: boolean }>;
  const template = templates.find((x) => x.id === 'general-bachelor')!;
  expect(template).toMatchObject({ priceFen: 1990, enabled: true });

  const changed = await admin.put('/api/v1/admin/templates/general-bachelor', { priceFen: 2490, enabled: true });
  expect(changed.body.result).toMatchObject({ priceFen: 2490 });
  expect((await client(t.app).get('/api/v1/typeset/template/general-bachelor')).body.result.priceFen).toBe(2490);

  expect((await admin.put('/api/v1/admin/templates/general-bachelor', { priceFen: 2490, enabled: false })).body.message).toBe(
    '已保存并下架，学生不能再选择或下单；新价格对之后的订单生效',
  );
  const library = (await client(t.app).get('/api/v1/typeset/template')).body.result as Array<{ id: string }>;
  expect(library.map((x) => x.id)).not.toContain('general-bachelor');
  const gone = await client(t.app).get('/api/v1/typeset/template/general-bachelor');
  expect(gone.status).toBe(404);
  expect(gone.body.message).toBe('「通用本科毕业论文」已暂停服务，请选择其他模板');
  expect((await auditOf('general-bachelor')).map((e) => e.action)).toEqual(['template.update', 'template.update']);
  await admin.put('/api/v1/admin/templates/general-bachelor', { priceFen: 1990, enabled: true });
});

test('students and visitors cannot change the catalogue', async () => {
  expect((await student.put('/api/v1/admin/systems/journal', { pricePerThousandFen: 1, minMatch: 13, maxChars: 60_000, enabled: true })).status).toBe(403);
  expect((await client(t.app).get('/api/v1/admin/templates')).status).toBe(401);
});
