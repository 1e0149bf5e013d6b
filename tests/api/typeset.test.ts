/**
 * Typesetting through HTTP: templates, upload, the job, the preview as watermarked pictures,
 * payment, the .docx and PDF downloads, access. The job lays the pages out with LibreOffice, as
 * CI installs it.
 */
import JSZip from 'jszip';
import { execFileSync } from 'child_process';
import { existsSync, readdirSync } from 'fs';
import { join } from 'path';
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';
import { client, expectBrowserDefences, multipart, otherUser, payAsGateway, staffUser, useSignedInApp } from './testApp';
import { MANUSCRIPT_UPLOAD } from '../../common/api';

// each job lays its pages out in LibreOffice: seconds, not milliseconds
jest.setTimeout(120_000);

const signedIn = useSignedInApp();

const submit = async (
  browser: ReturnType<typeof client>,
  file: { name: string; data: Buffer },
  fields: Record<string, string> = { ...FIELDS, templateId: 'general-bachelor' },
) => {
  const body = multipart(fields, file);
  return browser.call('POST', '/api/v1/typeset', body.payload, body.headers);
};

async function headersOf(docx: Buffer) {
  const zip = await JSZip.loadAsync(docx);
  const names = Object.keys(zip.files).filter((f) => /word\/header\d+\.xml/.test(f));
  return (await Promise.all(names.map((n) => zip.file(n)!.async('string')))).join('');
}

const filesStored = () => {
  const dir = join(signedIn.test().config.dataDir, 'files', 'typesets');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length : 0;
};

test('the four templates, filtered and searched, each with its rules', async () => {
  const visitor = client(signedIn.test().app);
  expect((await visitor.get('/api/v1/typeset/template')).body.result).toHaveLength(4);
  expect((await visitor.get(`/api/v1/typeset/template?degree=${encodeURIComponent('硕士')}`)).body.result.map((x: { id: string }) => x.id)).toEqual([
    'general-master',
  ]);
  expect((await visitor.get('/api/v1/typeset/template?q=APA')).body.result.map((x: { id: string }) => x.id)).toEqual(['english-thesis-apa']);
  const detail = (await visitor.get('/api/v1/typeset/template/general-bachelor')).body.result;
  expect(detail.rules.find((r: { item: string }) => r.item === '正文').rule).toBe('宋体 / Times New Roman，小四（12 pt），两端对齐，1.5 倍行距，首行缩进 2 字');
  expect(detail.rules.find((r: { item: string }) => r.item === '一级标题').rule).toContain('第1章');
  // the journal's: an article's first page, no cover nor contents, figures numbered through the paper
  const journal = new Map<string, string>(
    (await visitor.get('/api/v1/typeset/template/journal-gbt7714')).body.result.rules.map((r: { item: string; rule: string }) => [r.item, r.rule]),
  );
  expect(journal.get('首页')).toContain('不设封面');
  expect(journal.has('封面')).toBe(false);
  expect(journal.get('目录')).toBe('不设目录');
  expect(journal.get('页码')).toBe('从首页起用阿拉伯数字');
  expect(journal.get('图表题注')).toContain('“图1”“表2”');
  expect(journal.get('一级标题')).not.toContain('另起一页');
  // the cover fields each form asks for besides title and author: those its cover (or first page) shows
  expect(detail.coverFields).toEqual(['studentNumber', 'school', 'major', 'supervisor', 'date']);
  expect((await visitor.get('/api/v1/typeset/template/journal-gbt7714')).body.result.coverFields).toEqual(['school']);
  expect((await visitor.get('/api/v1/typeset/template/english-thesis-apa')).body.result.coverFields).toEqual(['school', 'major', 'supervisor', 'date']);
  expect((await visitor.get('/api/v1/typeset/template/nope')).status).toBe(404);
});

/** Every text a response body holds, as a reader would extract it: the XML of a .docx, the text layer of a PDF, or the bytes themselves. */
async function textOf(body: Buffer, type: string): Promise<string> {
  if (type.includes('wordprocessingml')) {
    const zip = await JSZip.loadAsync(body);
    return (await Promise.all(Object.values(zip.files).map((f) => f.async('string')))).join('');
  }
  if (type.includes('pdf')) {
    const script =
      "const {PDFParse}=require('pdf-parse');new PDFParse({data:new Uint8Array(require('fs').readFileSync(0))}).getText().then(r=>process.stdout.write(r.text))";
    return execFileSync(process.execPath, ['-e', script], { input: body, encoding: 'utf8' });
  }
  return body.toString('utf8') + body.toString('latin1');
}

// text of the manuscript beyond its first page (its body, references, acknowledgements)
const BEYOND_FIRST_PAGE = ['课后服务关系到学生的成长', '经费、激励和课程三者缺一不可', '课后服务的实践', '感谢导师的指导'];

test('upload → job → the preview is pictures with nothing of the text → unpaid downloads refused → pay → the clean .docx and the PDF', async () => {
  const created = await submit(signedIn.me(), { name: '论文初稿.docx', data: await wordManuscript() });
  expect(created.status).toBe(200);
  const id = created.body.result.id;
  expect(created.body.result).toMatchObject({ status: 'queued', templateName: '通用本科毕业论文', priceFen: 1990, paid: false, previewPages: 0 });
  await signedIn.test().app.jobs.drain();
  const done = (await signedIn.me().get(`/api/v1/typeset/${id}`)).body.result;
  // cover, 摘要, Abstract, 目录, chapter 1, chapter 2, references, acknowledgements
  expect(done).toMatchObject({ status: 'done', progress: 100, previewPages: 8, previewUnavailable: null, pdf: true });

  // every answer the owner can get before paying: none holds the text beyond the first page in a readable form
  const answers = [
    await signedIn.me().get(`/api/v1/typeset/${id}`),
    await signedIn.me().get('/api/v1/typeset'),
    await signedIn.me().get(`/api/v1/typeset/${id}/preview.docx`),
    await signedIn.me().get(`/api/v1/typeset/${id}/download`),
    await signedIn.me().get(`/api/v1/typeset/${id}/download.pdf`),
  ];
  for (let page = 1; page <= done.previewPages; page += 1) {
    const picture = await signedIn.me().get(`/api/v1/typeset/${id}/preview/${page}.png`);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expectBrowserDefences(picture.headers, { stored: false });
    expect(picture.raw.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    answers.push(picture);
  }
  expect((await signedIn.me().get(`/api/v1/typeset/${id}/preview/9.png`)).status).toBe(404);
  // the watermarked PDF the pictures are drawn from is kept beside them, and never sent
  for (const name of ['pages.pdf', 'pages', '..%2Fpages.pdf']) expect((await signedIn.me().get(`/api/v1/typeset/${id}/preview/${name}`)).status).not.toBe(200);
  for (const answer of answers) {
    const text = await textOf(answer.raw.rawPayload, String(answer.headers['content-type'] ?? ''));
    for (const phrase of BEYOND_FIRST_PAGE) expect(text).not.toContain(phrase);
  }
  expect(answers[2].status).toBe(404);
  expect(answers[3].status).toBe(409);
  expect(answers[3].body.message).toBe('请先付款，再下载排版后的文档');
  expect(answers[4].status).toBe(409);

  const order = (await signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
  expect(order).toMatchObject({ amountFen: 1990, title: '通用本科毕业论文 · 县域中学课后服务研究' });
  expect(await payAsGateway(signedIn.test().app, order.id, order.amountFen)).toBe('paid');
  const download = await signedIn.me().get(`/api/v1/typeset/${id}/download`);
  expect(download.status).toBe(200);
  expectBrowserDefences(download.headers, { stored: false });
  expect(download.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+\.docx"; filename\*=UTF-8''/);
  const headers = await headersOf(download.raw.rawPayload);
  expect(headers).toContain('示例大学本科毕业论文');
  expect(headers).not.toContain('预览版');
  expect(await textOf(download.raw.rawPayload, String(download.headers['content-type']))).toContain('课后服务关系到学生的成长');
  const pdf = await signedIn.me().get(`/api/v1/typeset/${id}/download.pdf`);
  expect(pdf.status).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  expect(pdf.headers['content-disposition']).toContain(encodeURIComponent('县域中学课后服务研究.pdf'));
  expectBrowserDefences(pdf.headers, { stored: false });
  const pdfText = await textOf(pdf.raw.rawPayload, 'application/pdf');
  for (const phrase of BEYOND_FIRST_PAGE) expect(pdfText).toContain(phrase);
  expect(pdfText).not.toContain('预览版');
  expect((await signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id })).status).toBe(409);
}, 120_000);

test('a typesetting refunded in part stays paid; refunded in full it is no longer paid: downloads refused, paying again offered', async () => {
  const { id } = (await submit(signedIn.me(), { name: '论文初稿.docx', data: await wordManuscript() })).body.result;
  await signedIn.test().app.jobs.drain();
  const order = (await signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
  await payAsGateway(signedIn.test().app, order.id, order.amountFen);
  const operator = await staffUser(signedIn.test(), 'operator');
  const refund = (amountFen: number) =>
    operator.post(`/api/v1/admin/orders/${order.id}/refund`, { requestNo: `RFTYPESET${amountFen}${id}`, amountFen, reason: '排版有误' });

  expect((await refund(500)).status).toBe(200);
  expect((await signedIn.me().get(`/api/v1/typeset/${id}`)).body.result).toMatchObject({ paid: true, refunded: false });
  expect((await signedIn.me().get(`/api/v1/typeset/${id}/download`)).status).toBe(200);

  expect((await refund(order.amountFen - 500)).status).toBe(200);
  expect((await signedIn.me().get(`/api/v1/typeset/${id}`)).body.result).toMatchObject({ paid: false, refunded: true });
  for (const file of ['download', 'download.pdf']) {
    const refused = await signedIn.me().get(`/api/v1/typeset/${id}/${file}`);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ errorCode: 'REFUNDED', message: '这份排版的订单已全额退款，不能再下载；如仍需要，请重新付款' });
  }
  // paying again is a new order, and unlocks the downloads again
  const again = (await signedIn.me().post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
  expect(again.id).not.toBe(order.id);
  expect(await payAsGateway(signedIn.test().app, again.id, again.amountFen)).toBe('paid');
  expect((await signedIn.me().get(`/api/v1/typeset/${id}`)).body.result).toMatchObject({ paid: true, refunded: false, orderId: again.id });
  expect((await signedIn.me().get(`/api/v1/typeset/${id}/download`)).status).toBe(200);
}, 120_000);

test('a finished typesetting says whether an order of it is open: not before ordering, nor once the order is cancelled, runs out of time or is paid', async () => {
  const me = signedIn.me();
  const { app } = signedIn.test();
  const { id } = (await submit(me, { name: '论文初稿.docx', data: await wordManuscript() })).body.result;
  await app.jobs.drain();
  /** the typesetting as its page reads it, and as its row in 排版记录 does */
  const open = async () => {
    const one = (await me.get(`/api/v1/typeset/${id}`)).body.result;
    const row = (await me.get('/api/v1/typeset?pageSize=50')).body.result.list.find((t: { id: string }) => t.id === id);
    expect(row.orderOpen).toBe(one.orderOpen);
    return one.orderOpen as boolean;
  };
  expect((await me.get(`/api/v1/typeset/${id}`)).body.result).toMatchObject({ status: 'done', paid: false, orderOpen: false });
  expect(await open()).toBe(false);

  const first = (await me.post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
  expect(await open()).toBe(true);
  expect((await me.post(`/api/v1/order/${first.id}/cancel`)).status).toBe(200);
  expect(await open()).toBe(false);

  // an order past its time limit is closed as it is read: nothing is open
  const late = (await me.post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
  expect(await open()).toBe(true);
  await app.db
    .updateTable('orders')
    .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
    .where('id', '=', late.id)
    .execute();
  expect(await open()).toBe(false);

  const paid = (await me.post('/api/v1/order', { kind: 'typeset', itemId: id })).body.result;
  expect(await open()).toBe(true);
  expect(await payAsGateway(app, paid.id, paid.amountFen)).toBe('paid');
  expect((await me.get(`/api/v1/typeset/${id}`)).body.result).toMatchObject({ paid: true, orderOpen: false });
  expect(await open()).toBe(false);
}, 120_000);

test('only the owner sees a typeset, its preview and its download', async () => {
  const { id } = (await submit(signedIn.me(), { name: 'a.docx', data: await wordManuscript() })).body.result;
  await signedIn.test().app.jobs.drain();
  const other = await otherUser(signedIn.test().app);
  for (const path of ['', '/preview/1.png', '/download', '/download.pdf']) expect((await other.get(`/api/v1/typeset/${id}${path}`)).status).toBe(403);
  expect((await other.call('DELETE', `/api/v1/typeset/${id}`)).status).toBe(403);
  const visitor = client(signedIn.test().app);
  for (const path of ['', '/preview/1.png', '/download', '/download.pdf']) expect((await visitor.get(`/api/v1/typeset/${id}${path}`)).status).toBe(401);
  expect((await submit(visitor, { name: 'a.docx', data: await wordManuscript() })).status).toBe(401);
  expect((await signedIn.me().get('/api/v1/typeset')).body.result.list.map((x: { id: string }) => x.id)).toContain(id);
});

test('bad manuscripts and missing fields are refused with a clear message, and nothing is stored', async () => {
  const before = filesStored();
  const cases: Array<[{ name: string; data: Buffer }, Record<string, string> | undefined, RegExp]> = [
    [{ name: 'empty.docx', data: Buffer.alloc(0) }, undefined, /文件是空的/],
    [{ name: 'locked.docx', data: Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(256)]) }, undefined, /已加密/],
    [{ name: 'broken.docx', data: Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 9)]) }, undefined, /已损坏/],
    [{ name: 'paper.pdf', data: Buffer.from('%PDF-1.4') }, undefined, /只支持 \.docx、\.md 和 \.txt/],
    [{ name: 'ok.txt', data: Buffer.from('第一章 绪论\n正文') }, { templateId: 'general-bachelor', author: '林晓' }, /请填写论文题目/],
  ];
  for (const [file, fields, message] of cases) {
    const res = await submit(signedIn.me(), file, fields);
    expect({ name: file.name, status: res.status }).toEqual({ name: file.name, status: 422 });
    expect(res.body.message).toMatch(message);
  }
  const huge = await submit(signedIn.me(), { name: 'huge.txt', data: Buffer.alloc(16 * 1024 * 1024, 0x61) });
  expect(huge.status).toBe(413);
  expect(huge.body).toMatchObject({ errorCode: 'FILE_TOO_LARGE', message: MANUSCRIPT_UPLOAD.tooLarge, errors: { file: MANUSCRIPT_UPLOAD.tooLargeField } });
  expect(filesStored()).toBe(before);
  expect(readdirSync(join(signedIn.test().config.dataDir, 'files', '.incoming'))).toEqual([]);
});

test('a queued typeset that is deleted never starts: its job is cancelled', async () => {
  const { app } = signedIn.test();
  const { id } = (await submit(signedIn.me(), { name: 'a.docx', data: await wordManuscript() })).body.result;
  const before = filesStored();
  expect(await app.db.selectFrom('jobs').select('status').where('kind', '=', 'typeset').where('ref_id', '=', id).executeTakeFirst()).toEqual({
    status: 'queued',
  });
  expect((await signedIn.me().call('DELETE', `/api/v1/typeset/${id}`)).status).toBe(200);
  expect(await app.db.selectFrom('jobs').select('status').where('kind', '=', 'typeset').where('ref_id', '=', id).executeTakeFirst()).toEqual({
    status: 'cancelled',
  });
  expect(await app.jobs.runOnce()).toBe(false);
  // the manuscript went with the record, and nothing was made of it
  expect(filesStored()).toBe(before - 1);
});

test('a typeset can be deleted with its files', async () => {
  const { id } = (await submit(signedIn.me(), { name: 'a.docx', data: await wordManuscript() })).body.result;
  await signedIn.test().app.jobs.drain();
  expect((await signedIn.me().call('DELETE', `/api/v1/typeset/${id}`)).status).toBe(200);
  expect((await signedIn.me().get(`/api/v1/typeset/${id}`)).status).toBe(404);
});
