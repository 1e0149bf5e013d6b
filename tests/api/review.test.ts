/** Plagiarism checks through HTTP: price, payment, the job, the report, access and bad uploads. */
import { Document, Packer, Paragraph } from 'docx';
import JSZip from 'jszip';
import { execFileSync } from 'child_process';
import { existsSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'fs';
import { join } from 'path';
import { extractText } from '../../server/src/engines/text/extract';
import { encryptedPdf } from './encryptedPdf';
import { client, expectBrowserDefences, multipart, otherUser, payAsGateway, useSignedInApp } from './testApp';
import { formatCount } from '../../common/formatCount';

const signedIn = useSignedInApp();

const OWN =
  '本文讨论县域中学课后服务的组织方式。作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况，并比较了两校在经费、课程和激励方面的差别。';
const own = (n: number) => Array.from({ length: n }, (_, i) => `第${i + 1}次观察记录：${OWN}`).join('\n');

async function libraryText(q: string) {
  const id = (await signedIn.test().app.inject({ method: 'GET', url: `/api/v1/search?kind=document&q=${encodeURIComponent(q)}` })).json().result.list[0].id;
  return (await signedIn.test().app.inject({ method: 'GET', url: `/api/v1/document/${id}` })).json().result as { title: string; fullText: string };
}

function upload(browser: ReturnType<typeof client>, name: string, data: Buffer) {
  const body = multipart({}, { name, data });
  return browser.call('POST', '/api/v1/review/paper', body.payload, body.headers);
}

async function newReview(text: string, systemId = 'undergraduate') {
  const res = await signedIn.me().post('/api/v1/review', { systemId, title: '县域中学课后服务研究', author: '林晓', text, amountFen: 1 });
  expect(res.status).toBe(200);
  return res.body.result as { review: { id: string; amountFen: number; charCount: number; status: string }; orderId: string };
}

test('the three check systems, with prices and limits', async () => {
  const res = await client(signedIn.test().app).get('/api/v1/review/system');
  expect(res.body.result.map((s: { id: string }) => s.id)).toEqual(['undergraduate', 'graduate', 'journal']);
  expect(res.body.result[0]).toMatchObject({ name: '本科毕业论文检测', pricePerThousandFen: 300, minMatch: 13 });
});

test('the price is the server’s: whole thousands of characters at the system’s rate, whatever the client sends', async () => {
  const text = own(12);
  const quote = await signedIn.me().post('/api/v1/review/quote', { systemId: 'graduate', text });
  const chars = quote.body.result.charCount;
  expect(quote.body.result.amountFen).toBe(Math.ceil(chars / 1000) * 500);
  const { review, orderId } = await newReview(text);
  expect(review.amountFen).toBe(Math.ceil(chars / 1000) * 300);
  const order = await signedIn.me().get(`/api/v1/order/${orderId}`);
  expect(order.body.result).toMatchObject({ kind: 'review', itemId: review.id, amountFen: review.amountFen, status: 'pending' });
});

test('too short a paper, or none, is refused beside the field', async () => {
  const short = await signedIn.me().post('/api/v1/review/quote', { systemId: 'undergraduate', text: '太短了' });
  expect(short.status).toBe(422);
  expect(short.body.errors.paper).toMatch(/论文内容太少/);
  const none = await signedIn.me().post('/api/v1/review', { systemId: 'undergraduate', title: '题目', author: '作者' });
  expect(none.body.errors.paper).toBe('请上传论文文件或粘贴论文内容');
  const badSystem = await signedIn.me().post('/api/v1/review/quote', { systemId: 'nope', text: own(3) });
  expect(badSystem.body.errors.systemId).toBe('请选择检测系统');
});

/** The text of each page of a PDF, read with pdf.js (pdf-parse) in its own process, as the engine does. */
async function pdfPages(data: Buffer): Promise<string[]> {
  const script = `const { PDFParse } = require('pdf-parse'); const chunks = [];
process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const result = await parser.getText();
  process.stdout.write(JSON.stringify(result.pages.map((p) => p.text)));
  await parser.destroy();
});`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { input: data, cwd: join(__dirname, '../..'), maxBuffer: 64 * 1024 * 1024 }).toString());
}

test('a similarity is kept to its last digit on either database, as the engine computed it', async () => {
  const { review } = await newReview(own(3));
  const exact = 0.28761061946902655;
  await signedIn.test().app.db.updateTable('reviews').set({ similarity: exact }).where('id', '=', review.id).execute();
  expect((await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result.similarity).toBe(exact);
});

test('an unpaid check does not run; once paid it runs, and the report shows the copied passage with its source', async () => {
  const source = await libraryText('微塑料');
  const copied = source.fullText.split('\n').find((p) => p.startsWith('塑料制品在环境中'))!;
  const { review, orderId } = await newReview(`${own(3)}\n${copied}\n${own(2)}`);
  await signedIn.test().app.jobs.drain();
  expect((await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result).toMatchObject({ status: 'unpaid', progress: 0 });
  expect((await signedIn.me().get(`/api/v1/review/${review.id}/report`)).status).toBe(409);

  expect(await payAsGateway(signedIn.test().app, orderId, review.amountFen)).toBe('paid');
  expect((await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result.status).toBe('queued');
  await signedIn.test().app.jobs.drain();
  const done = (await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result;
  expect(done).toMatchObject({ status: 'done', progress: 100 });
  expect(done.similarity).toBeGreaterThan(0.1);
  expect(done.verificationCode).toMatch(/^ZN-[0-9A-F]{5}-[0-9A-F]{5}$/);

  const report = (await signedIn.me().get(`/api/v1/review/${review.id}/report`)).body.result;
  expect(report.sources[0]).toMatchObject({ title: source.title });
  expect(report.passages).toHaveLength(1);
  expect(report.text.slice(report.passages[0].start, report.passages[0].end)).toBe(copied.replace(/。$/, ''));

  // the PDF: Chinese text set in a real font, the code on it, for the owner only
  const pdf = await signedIn.me().get(`/api/v1/review/${review.id}/report.pdf`);
  expect(pdf.status).toBe(200);
  expect(pdf.headers['content-type']).toBe('application/pdf');
  // a file of the user's own: downloaded, never kept by a cache, under a plain fallback name too
  expectBrowserDefences(pdf.headers, { stored: false });
  expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="[^"/\\]+\.pdf"; filename\*=UTF-8''/);
  const pdfText = await extractText(pdf.raw.rawPayload, 'report.pdf');
  expect(pdfText).toContain('论文相似性检测报告');
  expect(pdfText).toContain(done.verificationCode);
  expect(pdfText).toContain(source.title);
  // page by page (issue 13): numbered, the code in every page's header, the passage in the marked
  // full text and beside its source, times in China time
  const pages = await pdfPages(pdf.raw.rawPayload);
  expect(pages.length).toBeGreaterThanOrEqual(2);
  pages.forEach((page, i) => {
    expect(page).toContain(`第 ${i + 1} 页 / 共 ${pages.length} 页`);
    expect(page).toContain(`验证码：${done.verificationCode}`);
  });
  const squeeze = (text: string) => text.replace(/\s+/g, '');
  const passageText = squeeze(report.text.slice(report.passages[0].start, report.passages[0].end));
  const whole = squeeze(pages.join(''));
  expect(whole.split(passageText).length - 1).toBeGreaterThanOrEqual(2);
  expect(whole).toContain(squeeze(report.passages[0].sourceText));
  expect(whole).toContain('〔1〕');
  expect(whole).toContain('分章节相似度');
  expect(whole).toContain('（北京时间）');
  expect((await (await otherUser(signedIn.test().app)).get(`/api/v1/review/${review.id}/report.pdf`)).status).toBe(403);
  expect((await client(signedIn.test().app).get(`/api/v1/review/${review.id}/report.pdf`)).status).toBe(401);

  // anyone can verify the code: title, system, date, similarity, nothing else
  const verified = await client(signedIn.test().app).get(`/api/v1/review/verify/${done.verificationCode}`);
  expect(verified.body.result).toEqual({
    title: '县域中学课后服务研究',
    systemName: '本科毕业论文检测',
    finishedAt: done.finishedAt,
    similarity: done.similarity,
    charCount: done.charCount,
  });
  expect((await client(signedIn.test().app).get('/api/v1/review/verify/ZN-00000-00000')).status).toBe(404);
  // the code as people type it: without its dashes, in lower case, with spaces, in full-width letters
  const bare = done.verificationCode.replace(/-/g, '');
  const typed = [bare, bare.toLowerCase(), bare.slice(2), ` zn ${bare.slice(2, 7)} ${bare.slice(7)} `, done.verificationCode.replace('ZN', 'ＺＮ')];
  for (const code of typed) {
    expect({ code, body: (await client(signedIn.test().app).get(`/api/v1/review/verify/${encodeURIComponent(code)}`)).body.result }).toEqual({
      code,
      body: verified.body.result,
    });
  }
});

test('a paid check is not sold twice', async () => {
  const { review, orderId } = await newReview(own(3));
  await payAsGateway(signedIn.test().app, orderId, review.amountFen);
  const again = await signedIn.me().post('/api/v1/order', { kind: 'review', itemId: review.id });
  expect(again.status).toBe(409);
  expect(again.body.message).toBe('这次检测已经付款，无需再次支付');
});

test('a payment that lands while an unpaid check is being changed keeps the paper and price it paid for', async () => {
  const { app } = signedIn.test();
  const { review, orderId } = await newReview(own(3));
  const { orders } = app;
  const closeOpenOf = orders.closeOpenOf;
  // the gateway's notification arrives after the change was allowed, before it is written
  orders.closeOpenOf = async (...args) => {
    expect(await payAsGateway(app, orderId, review.amountFen)).toBe('paid');
    return closeOpenOf.apply(orders, args);
  };
  try {
    const changed = await signedIn.me().put(`/api/v1/review/${review.id}`, { systemId: 'undergraduate', title: '另一篇', author: '林晓', text: own(40) });
    expect(changed.status).toBe(409);
  } finally {
    orders.closeOpenOf = closeOpenOf;
  }
  const paid = (await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result;
  expect({ title: paid.title, charCount: paid.charCount, amountFen: paid.amountFen }).toEqual({
    title: '县域中学课后服务研究',
    charCount: review.charCount,
    amountFen: review.amountFen,
  });
});

test('checks, reports and the list are the owner’s only', async () => {
  const { review } = await newReview(own(3));
  const other = await otherUser(signedIn.test().app);
  expect((await other.get(`/api/v1/review/${review.id}`)).status).toBe(403);
  expect((await other.get(`/api/v1/review/${review.id}/report`)).status).toBe(403);
  expect((await other.call('DELETE', `/api/v1/review/${review.id}/paper`)).status).toBe(403);
  expect((await other.get('/api/v1/review')).body.result.total).toBe(0);
  const visitor = client(signedIn.test().app);
  expect((await visitor.get(`/api/v1/review/${review.id}`)).status).toBe(401);
  expect((await visitor.get('/api/v1/review')).status).toBe(401);
  expect((await visitor.post('/api/v1/review/quote', { systemId: 'undergraduate', text: own(3) })).status).toBe(401);
  expect((await signedIn.me().get('/api/v1/review?pageSize=50')).body.result.list.map((r: { id: string }) => r.id)).toContain(review.id);
});

test('a job abandoned mid-check (the server died) is picked up again and finishes', async () => {
  const { review, orderId } = await newReview(own(4));
  await payAsGateway(signedIn.test().app, orderId, review.amountFen);
  // what a crash leaves: the job claimed, its lock run out, the check half done
  await signedIn
    .test()
    .app.db.updateTable('jobs')
    .set({ status: 'running', attempts: 1, locked_until: '2000-01-01T00:00:00.000Z' })
    .where('ref_id', '=', review.id)
    .execute();
  await signedIn.test().app.db.updateTable('reviews').set({ status: 'running', progress: 40 }).where('id', '=', review.id).execute();
  await signedIn.test().app.jobs.drain();
  expect((await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result).toMatchObject({ status: 'done', progress: 100 });
});

test('a check that cannot run fails with a reason, and its order is marked for refund', async () => {
  const { review, orderId } = await newReview(own(3));
  await payAsGateway(signedIn.test().app, orderId, review.amountFen);
  await signedIn.test().app.db.updateTable('reviews').set({ paper_text: null }).where('id', '=', review.id).execute();
  await signedIn.test().app.jobs.drain();
  const failed = (await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result;
  expect(failed.status).toBe('failed');
  expect(failed.failureReason).toMatch(/费用将原路退回/);
  expect((await signedIn.test().app.db.selectFrom('orders').select('refund_due').where('id', '=', orderId).executeTakeFirstOrThrow()).refund_due).toBe(1);
});

test('the paper can be deleted on request; the record stays', async () => {
  const { review } = await newReview(own(3));
  const res = await signedIn.me().call('DELETE', `/api/v1/review/${review.id}/paper`);
  expect(res.body.result.paperDeleted).toBe(true);
  expect((await signedIn.test().app.db.selectFrom('reviews').select('paper_text').where('id', '=', review.id).executeTakeFirstOrThrow()).paper_text).toBeNull();
});

describe('uploads', () => {
  const papersStored = () => {
    const dir = join(signedIn.test().config.dataDir, 'files', 'papers');
    return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length : 0;
  };
  const uploadPaper = async () => {
    const res = await upload(signedIn.me(), '论文.txt', Buffer.from(own(3)));
    expect(res.status).toBe(200);
    return res.body.result.uploadId as string;
  };
  const reviewOf = async (uploadId: string) =>
    signedIn.me().post('/api/v1/review', { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', uploadId });
  const ageUpload = (uploadId: string) =>
    signedIn
      .test()
      .app.db.updateTable('paper_uploads')
      .set({ created_at: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() })
      .where('id', '=', uploadId)
      .execute();

  test('a paper deleted on request cannot come back through the upload it was made from: text and file are gone', async () => {
    const uploadId = await uploadPaper();
    const before = papersStored();
    const review = (await reviewOf(uploadId)).body.result.review;
    expect((await signedIn.me().call('DELETE', `/api/v1/review/${review.id}/paper`)).status).toBe(200);
    expect(papersStored()).toBe(before - 1);
    const again = await reviewOf(uploadId);
    expect(again.status).toBe(422);
    expect(again.body.errors.uploadId).toBe('上传的文件已失效，请重新上传');
    expect((await signedIn.me().post('/api/v1/review/quote', { systemId: 'undergraduate', uploadId })).status).toBe(422);
  });

  test('an upload past the retention period goes with its file, unless a review still holds the file', async () => {
    const unused = await uploadPaper();
    const used = await uploadPaper();
    expect((await reviewOf(used)).status).toBe(200);
    const before = papersStored();
    await ageUpload(unused);
    await ageUpload(used);
    await signedIn.test().app.deleteExpiredPapers();
    // the unused upload's file is gone; the one a review was made from stays with that review
    expect(papersStored()).toBe(before - 1);
    expect((await reviewOf(unused)).status).toBe(422);
  });
  /** files received (on disk, never in memory) and not yet kept or removed */
  const received = () => readdirSync(join(signedIn.test().config.dataDir, 'files', '.incoming')).length;

  test('a .docx paper is read, counted and priced', async () => {
    const word = new Document({
      sections: [
        {
          children: own(4)
            .split('\n')
            .map((p) => new Paragraph(p)),
        },
      ],
    });
    const res = await upload(signedIn.me(), '论文.docx', await Packer.toBuffer(word));
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ fileName: '论文.docx' });
    const quote = await signedIn.me().post('/api/v1/review/quote', { systemId: 'undergraduate', uploadId: res.body.result.uploadId });
    expect(quote.body.result.charCount).toBe(res.body.result.charCount);
    // someone else cannot use it
    const other = await otherUser(signedIn.test().app);
    expect((await other.post('/api/v1/review/quote', { systemId: 'undergraduate', uploadId: res.body.result.uploadId })).status).toBe(403);
  });

  test('bad files are refused with a clear message, and nothing is stored', async () => {
    const before = papersStored();
    const bomb = new JSZip();
    bomb.file('word/document.xml', Buffer.alloc(60 * 1024 * 1024));
    const cases: Array<[string, Buffer, number, RegExp]> = [
      ['empty.docx', Buffer.alloc(0), 422, /文件是空的/],
      ['picture.docx', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 422, /不是有效的 Word/],
      ['corrupt.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(300, 1)]), 422, /已损坏/],
      ['bomb.docx', await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }), 422, /解压后过大/],
      ['old.doc', Buffer.from('d0cf11e0a1b11ae1', 'hex'), 422, /只支持/],
      ['encrypted.docx', Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(512)]), 422, /已加密/],
      ['locked.pdf', await encryptedPdf(), 422, /PDF 已加密/],
      ['huge.txt', Buffer.alloc(16 * 1024 * 1024, 0x61), 413, /超过 15 MB/],
    ];
    for (const [name, data, status, message] of cases) {
      const res = await upload(signedIn.me(), name, data);
      expect({ name, status: res.status }).toEqual({ name, status });
      expect(res.body.message).toMatch(message);
    }
    expect(papersStored()).toBe(before);
    expect(received()).toBe(0);
  });

  test('a received file is kept by moving it into the store, or removed: none lingers', async () => {
    const before = papersStored();
    expect((await upload(signedIn.me(), '论文.txt', Buffer.from(own(3)))).status).toBe(200);
    expect((await upload(signedIn.me(), '论文.docx', Buffer.from('not a word file'))).status).toBe(422);
    expect(papersStored()).toBe(before + 1);
    expect(received()).toBe(0);
  });

  test('a file left half received by a killed process is swept once nobody has written to it for an hour', async () => {
    const stale = signedIn.test().app.storage.incomingPath();
    const arriving = signedIn.test().app.storage.incomingPath();
    writeFileSync(stale, '半个文件');
    writeFileSync(arriving, '正在上传');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(await signedIn.test().app.storage.sweepIncoming(3600_000)).toBe(1);
    expect([existsSync(stale), existsSync(arriving)]).toEqual([false, true]);
    rmSync(arriving);
  });
});

test('papers are deleted 30 days after upload; the record and its figures stay', async () => {
  const { review } = await newReview(own(3));
  await signedIn
    .test()
    .app.db.updateTable('reviews')
    .set({ created_at: new Date(Date.now() - 31 * 24 * 3600 * 1000).toISOString() })
    .where('id', '=', review.id)
    .execute();
  const fresh = await newReview(own(3));
  expect(await signedIn.test().app.deleteExpiredPapers()).toBeGreaterThanOrEqual(1);
  expect((await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result).toMatchObject({ paperDeleted: true, charCount: review.charCount });
  expect((await signedIn.me().get(`/api/v1/review/${fresh.review.id}`)).body.result.paperDeleted).toBe(false);
});

test('an upload longer than every system takes is refused at once, and nothing is kept', async () => {
  const longest = Math.max(...(await client(signedIn.test().app).get('/api/v1/review/system')).body.result.map((s: { maxChars: number }) => s.maxChars));
  const res = await upload(signedIn.me(), '全集.txt', Buffer.from('县'.repeat(longest + 1)));
  expect(res.status).toBe(422);
  expect(res.body.errors.file).toBe(`论文有 ${formatCount(longest + 1)} 字，超过所有检测系统的上限 ${formatCount(longest)} 字，请分章上传检测`);
});

test('pasted text longer than every system takes is not told to try another system', async () => {
  const systems = (await client(signedIn.test().app).get('/api/v1/review/system')).body.result as Array<{ id: string; maxChars: number }>;
  const largest = systems.reduce((a, b) => (b.maxChars > a.maxChars ? b : a));
  const res = await signedIn.me().post('/api/v1/review/quote', { systemId: largest.id, text: '县'.repeat(largest.maxChars + 1) });
  expect(res.status).toBe(422);
  expect(res.body.errors.paper).toBe(`论文有 ${formatCount(largest.maxChars + 1)} 字，超过所有检测系统的上限 ${formatCount(largest.maxChars)} 字，请分章检测`);
  // a shorter system's limit still points to the others
  const smallest = systems.reduce((a, b) => (b.maxChars < a.maxChars ? b : a));
  const shorter = await signedIn.me().post('/api/v1/review/quote', { systemId: smallest.id, text: '县'.repeat(smallest.maxChars + 1) });
  expect(shorter.body.errors.paper).toMatch(/请换用其他系统或分章检测$/);
});

test('a check carries its order’s state: cancelled means closed, not payable (issue 13)', async () => {
  const { review, orderId } = await newReview(own(3));
  expect((await signedIn.me().get(`/api/v1/review/${review.id}`)).body.result.orderStatus).toBe('pending');
  expect((await signedIn.me().post(`/api/v1/order/${orderId}/cancel`)).status).toBe(200);
  const listed = (await signedIn.me().get('/api/v1/review?pageSize=50')).body.result.list.find((r: { id: string }) => r.id === review.id);
  expect(listed).toMatchObject({ status: 'unpaid', orderStatus: 'closed' });
});

test('an upload offers its first line as the title', async () => {
  const answer = await upload(signedIn.me(), '终稿.txt', Buffer.from(`县域中学课后服务研究\n${own(3)}`));
  expect(answer.body.result.title).toBe('县域中学课后服务研究');
  const untitled = await upload(signedIn.me(), '草稿.txt', Buffer.from(own(3)));
  expect(untitled.body.result.title).toBeNull();
});

test.each(['/api/v1/review/paper', '/api/v1/typeset', '/api/v1/user/avatar'])(
  'a multipart body cut short or garbled (%s) is a bad request, in Chinese, not a server fault',
  async (url) => {
    const me = signedIn.me();
    const cut = '--xx\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nabc';
    for (const payload of [cut, 'garbage']) {
      const answer = await signedIn
        .test()
        .app.inject({ method: 'POST', url, payload, headers: { cookie: me.jar.header(), 'content-type': 'multipart/form-data; boundary=xx' } });
      expect({ status: answer.statusCode, code: answer.json().errorCode }).toEqual({ status: 400, code: 'BAD_REQUEST' });
      expect(answer.json().message).toMatch(/[\u4e00-\u9fff]/);
    }
  },
);
