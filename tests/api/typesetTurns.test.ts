/**
 * Typesettings take turns across accounts: a student whose typesettings were queued first does not
 * keep another's waiting behind all of them.
 */
import { FIELDS, wordManuscript } from '../fixtures/manuscripts';
import { createTestApp, multipart, otherUser } from './testApp';

jest.setTimeout(120_000);

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

test("one student's two typesettings queued first: another student's, queued after them, runs second", async () => {
  const [first, second] = [await otherUser(t.app), await otherUser(t.app)];
  const submit = async (student: typeof first, name: string) => {
    const upload = multipart({ ...FIELDS, templateId: 'general-bachelor' }, { name, data: await wordManuscript() });
    const answer = await student.call('POST', '/api/v1/typeset', upload.payload, upload.headers);
    expect(answer.status).toBe(200);
    return answer.body.result.id as string;
  };
  const firstA = await submit(first, '甲一.docx');
  const firstB = await submit(first, '甲二.docx');
  const secondA = await submit(second, '乙一.docx');

  // the runs are recorded in the order they start (the real ones need LibreOffice)
  const ran: string[] = [];
  t.app.jobs.register('typeset', { run: async (refId) => void (ran.push(refId), await new Promise((r) => setTimeout(r, 5))), giveUp: async () => undefined });
  await t.app.jobs.drain();
  expect(ran).toEqual([firstA, secondA, firstB]);
});
