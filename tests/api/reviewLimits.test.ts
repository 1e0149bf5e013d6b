/**
 * What one account may leave with us before paying for a check: at most PAPER_UPLOADS_PER_DAY paper
 * files uploaded in 24 hours (each kept 30 days) and REVIEW_MAX_UNPAID_PER_DAY checks submitted
 * unpaid (each keeps its paper's text), each refused in Chinese in the API's error envelope with
 * the wait until the earliest of them is a day old, and nothing of the refused request kept.
 */
import { existsSync, readdirSync } from 'fs';
import { join } from 'path';
import { client, multipart, useSignedInApp } from './testApp';
import { PAPER_UPLOADS_PER_DAY, REVIEW_MAX_UNPAID_PER_DAY } from '../../common/api';
import { newId } from '../../server/src/lib/ids';

const signedIn = useSignedInApp();

const PAPER = Array.from(
  { length: 4 },
  (_, i) => `第${i + 1}次观察记录：本文讨论县域中学课后服务的组织方式。作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况。`,
).join('\n');
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000).toISOString();
const DAY_AGO_AND_MORE = () => hoursAgo(25);

const upload = (browser: ReturnType<typeof client>) => {
  const body = multipart({}, { name: '论文.txt', data: Buffer.from(PAPER) });
  return browser.call('POST', '/api/v1/review/paper', body.payload, body.headers);
};
const submit = (browser: ReturnType<typeof client>) =>
  browser.post('/api/v1/review', { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text: PAPER });
const papersStored = () => {
  const dir = join(signedIn.test().config.dataDir, 'files', 'papers');
  return existsSync(dir) ? readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length : 0;
};

test(`a paper file past ${PAPER_UPLOADS_PER_DAY} in 24 hours is refused beside the field, and not kept; older uploads do not count`, async () => {
  const { app } = signedIn.test();
  const first = await upload(signedIn.me());
  expect(first.status).toBe(200);
  const row = await app.db.selectFrom('paper_uploads').selectAll().where('id', '=', first.body.result.uploadId).executeTakeFirstOrThrow();
  const copies = (n: number, changes: Partial<typeof row>) =>
    app.db
      .insertInto('paper_uploads')
      .values(Array.from({ length: n }, () => ({ ...row, id: newId(), ...changes })))
      .execute();
  await copies(PAPER_UPLOADS_PER_DAY - 3, {});
  // the earliest in the window: a day old in about two hours
  await copies(1, { created_at: hoursAgo(22.5) });
  await copies(3, { created_at: DAY_AGO_AND_MORE() });
  expect((await upload(signedIn.me())).status).toBe(200);
  const stored = papersStored();
  const refused = await upload(signedIn.me());
  expect(refused.status).toBe(429);
  const message = `24 小时内已上传 ${PAPER_UPLOADS_PER_DAY} 份论文文件，请用已上传的文件提交检测，或 2 小时后再上传`;
  expect(refused.body).toMatchObject({ success: false, errorCode: 'UPLOAD_DAILY_LIMIT', message, errors: { file: message } });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(1.4 * 3600);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(1.5 * 3600);
  expect(papersStored()).toBe(stored);
});

test(`an unpaid check past ${REVIEW_MAX_UNPAID_PER_DAY} in 24 hours is refused; paid and older ones do not count`, async () => {
  const { app } = signedIn.test();
  const first = await submit(signedIn.me());
  expect(first.body).toMatchObject({ success: true });
  const row = await app.db.selectFrom('reviews').selectAll().where('id', '=', first.body.result.review.id).executeTakeFirstOrThrow();
  const copies = (n: number, changes: Partial<typeof row>) =>
    app.db
      .insertInto('reviews')
      .values(Array.from({ length: n }, () => ({ ...row, id: newId(), order_id: null, verification_code: null, ...changes })))
      .execute();
  await copies(REVIEW_MAX_UNPAID_PER_DAY - 3, {});
  await copies(1, { created_at: hoursAgo(23.9) });
  await copies(3, { paid_at: new Date().toISOString(), status: 'done', created_at: hoursAgo(23.95) });
  await copies(3, { created_at: DAY_AGO_AND_MORE() });
  expect((await submit(signedIn.me())).status).toBe(200);
  const refused = await submit(signedIn.me());
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({
    success: false,
    errorCode: 'REVIEW_DAILY_LIMIT',
    message: `24 小时内已提交 ${REVIEW_MAX_UNPAID_PER_DAY} 份未付款的检测，请为需要的检测付款，或 6 分钟后再提交`,
  });
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(360);
  // changing a check already submitted is no new one
  const changed = await signedIn.me().call('PUT', `/api/v1/review/${first.body.result.review.id}`, {
    systemId: 'graduate',
    title: '县域中学课后服务研究',
    author: '林晓',
    text: PAPER,
  });
  expect(changed.status).toBe(200);
});
