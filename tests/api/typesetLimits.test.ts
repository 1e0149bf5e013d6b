/**
 * What one account may have typeset before paying: a manuscript longer than a long thesis is
 * refused before it is stored, at most TYPESET_MAX_ACTIVE typesettings wait or run at once, and at
 * most TYPESET_MAX_UNPAID_PER_DAY unpaid ones are submitted in 24 hours, each refused in Chinese in
 * the API's error envelope.
 */
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';
import { client, multipart, otherUser, useSignedInApp } from './testApp';
import { MANUSCRIPT_MAX_CHARS, TYPESET_MAX_ACTIVE, TYPESET_MAX_UNPAID_PER_DAY } from '../../common/api';
import { newId } from '../../server/src/lib/ids';

jest.setTimeout(120_000);

const signedIn = useSignedInApp();

const submit = async (browser: ReturnType<typeof client>, file: { name: string; data: Buffer }) => {
  const body = multipart({ ...FIELDS, templateId: 'general-bachelor' }, file);
  return browser.call('POST', '/api/v1/typeset', body.payload, body.headers);
};

/** A plain-text manuscript of chapters of paragraphs, about `characters` long. */
function textManuscript(characters: number) {
  const paragraph = '本研究以实验数据为基础，讨论了模型在不同条件下的表现与局限，并提出了改进的方向。'.repeat(4);
  const lines: string[] = [];
  for (let written = 0, chapter = 1; written < characters; chapter += 1) {
    lines.push(`第${chapter}章 研究内容`);
    for (let i = 0; i < 100 && written < characters; i += 1, written += paragraph.length) lines.push(paragraph);
  }
  return Buffer.from(lines.join('\n'));
}

test('a manuscript longer than the limit is refused on its field, and nothing is queued', async () => {
  const { app } = signedIn.test();
  const answer = await submit(signedIn.me(), { name: 'long.txt', data: textManuscript(MANUSCRIPT_MAX_CHARS + 20_000) });
  expect(answer.status).toBe(422);
  expect(answer.body).toMatchObject({ success: false, errorCode: 'VALIDATION' });
  expect(answer.body.errors.file).toMatch(/^稿件有 5\d\d,\d{3} 字，超过排版的上限 500,000 字/);
  expect(await app.db.selectFrom('typesets').selectAll().execute()).toEqual([]);
  // a long thesis within the limit is taken
  const taken = await submit(signedIn.me(), { name: 'thesis.txt', data: textManuscript(MANUSCRIPT_MAX_CHARS - 20_000) });
  expect(taken.status).toBe(200);
  await app.db.deleteFrom('typesets').execute();
  await app.db.deleteFrom('jobs').execute();
});

test('an account has at most TYPESET_MAX_ACTIVE typesettings waiting or running; another account is not held back', async () => {
  const { app } = signedIn.test();
  for (let i = 0; i < TYPESET_MAX_ACTIVE; i += 1) expect((await submit(signedIn.me(), { name: 'a.docx', data: await wordManuscript() })).status).toBe(200);
  const refused = await submit(signedIn.me(), { name: 'a.docx', data: await wordManuscript() });
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({
    success: false,
    errorCode: 'TYPESET_BUSY',
    message: `已有 ${TYPESET_MAX_ACTIVE} 份稿件正在排版，请等其中一份完成后再提交`,
  });

  const other = await otherUser(app);
  expect((await submit(other, { name: 'a.docx', data: await wordManuscript() })).status).toBe(200);

  // one of them deleted: room for another
  const [first] = (await signedIn.me().get('/api/v1/typeset')).body.result.list;
  expect((await signedIn.me().call('DELETE', `/api/v1/typeset/${first.id}`)).status).toBe(200);
  expect((await submit(signedIn.me(), { name: 'a.docx', data: await wordManuscript() })).status).toBe(200);
  await app.db.deleteFrom('typesets').execute();
  await app.db.deleteFrom('jobs').execute();
});

test('at most TYPESET_MAX_UNPAID_PER_DAY unpaid typesettings in 24 hours, deleted ones counted; paid ones and older ones are not', async () => {
  const { app } = signedIn.test();
  const { id } = (await submit(signedIn.me(), { name: 'a.docx', data: await wordManuscript() })).body.result;
  const row = await app.db.selectFrom('typesets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  await app.db.updateTable('typesets').set({ status: 'done' }).execute();
  await app.db.deleteFrom('jobs').execute();
  const copies = (n: number, changes: Partial<typeof row>) =>
    app.db
      .insertInto('typesets')
      .values(Array.from({ length: n }, () => ({ ...row, id: newId(), status: 'done', ...changes })))
      .execute();
  // done and deleted, all within the day: still submissions
  await copies(TYPESET_MAX_UNPAID_PER_DAY - 2, { deleted_at: new Date().toISOString() });
  await copies(3, { paid_at: new Date().toISOString() });
  await copies(3, { created_at: new Date(Date.now() - 25 * 3600_000).toISOString() });
  expect((await submit(signedIn.me(), { name: 'a.docx', data: await wordManuscript() })).status).toBe(200);
  const refused = await submit(signedIn.me(), { name: 'a.docx', data: await wordManuscript() });
  expect(refused.status).toBe(429);
  expect(refused.body).toMatchObject({
    success: false,
    errorCode: 'TYPESET_DAILY_LIMIT',
    message: `24 小时内已提交 ${TYPESET_MAX_UNPAID_PER_DAY} 份未付款的排版，请为需要的排版付款，或 24 小时后再提交`,
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
});
