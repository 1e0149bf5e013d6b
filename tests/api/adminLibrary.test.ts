/**
 * The check library in the back office (文献库): staff upload papers, imported by `npm run import`'s
 * own importer (the same refusals, in the same words), list and search them, and remove one, which
 * no check reports from then on, as after `npm run import -- --remove`. Each upload that imported
 * something and each removal is one audit entry. Only staff may; a page of another site may not.
 */
import { LIBRARY_MAX_FILES, LIBRARY_UPLOAD, UPLOAD_MAX_BYTES } from '../../common/api';
import { client, createTestApp, multipart, otherUser, payAsGateway, staffUser } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
let operator: Awaited<ReturnType<typeof staffUser>>;
let admin: Awaited<ReturnType<typeof staffUser>>;
beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'http://localhost:8000' });
  operator = await staffUser(t, 'operator');
  admin = await staffUser(t, 'admin');
}, 60_000);
afterAll(() => t.close());

const PARAGRAPH =
  '山区小学的学生居住分散，校车线路往往沿着河谷绕行，单程时间超过一小时的情况并不少见。本文以两个乡镇为例，用实际行驶记录重新规划停靠点，把最长单程时间缩短到四十分钟以内，同时没有增加车辆数量。';
const PAPER = ['---', 'title: 山区小学校车接送线路的优化研究', 'authors: [周远]', 'year: 2024', 'type: 本科', 'discipline: 交通运输', '---', PARAGRAPH].join(
  '\n',
);
const file = (name: string, text: string | Buffer) => ({ name, data: Buffer.isBuffer(text) ? text : Buffer.from(text) });

/** An upload of these files as the page sends it, by `browser` (from `origin` when given). */
function upload(browser: ReturnType<typeof client>, files: { name: string; data: Buffer }[], origin?: string) {
  const body = multipart({}, files);
  return browser.call('POST', '/api/v1/admin/library', body.payload, { ...body.headers, ...(origin ? { origin } : {}) });
}

const OWN =
  '本文讨论县域中学课后服务的组织方式。作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况，并比较了两校在经费、课程和激励方面的差别。';
/** The sources a student's paid check of `text` reports, by title. */
async function checkedSources(text: string) {
  const me = client(t.app);
  await me.login();
  const { review, orderId } = (await me.post('/api/v1/review', { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text })).body.result;
  await payAsGateway(t.app, orderId, review.amountFen);
  await t.app.jobs.drain();
  return ((await me.get(`/api/v1/review/${review.id}/report`)).body.result.sources as { title: string }[]).map((s) => s.title);
}

const libraryAudit = async () =>
  ((await admin.get('/api/v1/admin/audit?pageSize=50')).body.result.list as { action: string }[]).filter((e) => e.action.startsWith('library.'));

test('a visitor is told to sign in, a student is refused, a page of another site is refused', async () => {
  const paper = [file('p.md', PAPER)];
  expect((await upload(client(t.app), paper)).status).toBe(401);
  const student = await otherUser(t.app);
  for (const res of [await upload(student, paper), await student.get('/api/v1/admin/library'), await student.call('DELETE', '/api/v1/admin/library/x')]) {
    expect(res.body).toMatchObject({ success: false, errorCode: 'FORBIDDEN' });
  }
  const crossSite = await upload(operator, paper, 'https://evil.example');
  expect([crossSite.status, crossSite.body.errorCode]).toEqual([403, 'CROSS_SITE']);
  expect((await operator.call('DELETE', '/api/v1/admin/library/x', undefined, { origin: 'https://evil.example' })).status).toBe(403);
  expect(await libraryAudit()).toEqual([]);
});

test('an upload is imported as the command imports a folder: the paper in, the others skipped or rejected with the reason; one audit entry', async () => {
  const res = await upload(operator, [
    file('校车.md', PAPER),
    file('broken.docx', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(200, 7)])),
    file('bad-metadata.md', ['---', 'title: 类型写错的论文', 'type: 高中', '---', '正文'].join('\n')),
    file('notes.csv', 'not a paper'),
    file('校车.md', PAPER),
  ]);
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('共 5 个文件：导入 1，跳过 2，拒绝 2');
  const { outcomes, ...counts } = res.body.result;
  expect(counts).toEqual({ imported: 1, skipped: 2, rejected: 2 });
  expect(outcomes).toEqual([
    { file: '校车.md', status: 'imported', title: '山区小学校车接送线路的优化研究', id: expect.any(String) },
    { file: 'notes.csv', status: 'skipped', reason: '不是可导入的文件类型（只导入 .md、.txt、.docx 和 .pdf）' },
    { file: '校车.md', status: 'skipped', reason: '这一批中已有同名文件，只导入了第一个' },
    { file: 'bad-metadata.md', status: 'rejected', reason: '元数据中的类型（本科/硕士/博士/期刊）不正确' },
    { file: 'broken.docx', status: 'rejected', reason: '文件已损坏，无法打开' },
  ]);

  // in the library's list (newest first, searchable) and found by a check
  const list = (await operator.get(`/api/v1/admin/library?q=${encodeURIComponent('校车线路')}`)).body.result;
  expect(list).toMatchObject({
    total: 1,
    list: [
      { id: outcomes[0].id, title: '山区小学校车接送线路的优化研究', authors: ['周远'], year: 2024, type: '本科', discipline: '交通运输', fileName: null },
    ],
  });
  expect((await operator.get('/api/v1/admin/library?pageSize=1')).body.result.list[0].id).toBe(outcomes[0].id);
  expect(await checkedSources(`${OWN}\n${PARAGRAPH}\n${OWN}`)).toEqual(['山区小学校车接送线路的优化研究']);

  // the same paper again changes nothing, and is no change in the audit log
  const again = await upload(operator, [file('again.md', PAPER)]);
  expect(again.body.result.outcomes).toEqual([
    {
      file: 'again.md',
      status: 'skipped',
      reason: '与已有范文《山区小学校车接送线路的优化研究》内容相同',
      title: '山区小学校车接送线路的优化研究',
      id: outcomes[0].id,
    },
  ]);
  const entries = await libraryAudit();
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    actorEmail: operator.email,
    action: 'library.import',
    targetType: 'library',
    after: {
      imported: [{ id: outcomes[0].id, title: '山区小学校车接送线路的优化研究', file: '校车.md' }],
      skipped: 2,
      rejected: [{ file: 'bad-metadata.md' }, { file: 'broken.docx' }],
    },
  });
}, 60_000);

test('metadata beside a paper is used, as by the command; an upload without files or with too many is refused', async () => {
  const res = await upload(operator, [
    file('survey.json', JSON.stringify({ authors: ['韩梅'], year: 2022, type: '硕士', discipline: '城市管理' })),
    file('survey.txt', '共享单车停放秩序的治理研究\n电子围栏能够减少乱停乱放，本文调查了三个城区的停放情况。'),
  ]);
  expect(res.body.result.outcomes).toEqual([{ file: 'survey.txt', status: 'imported', title: '共享单车停放秩序的治理研究', id: expect.any(String) }]);
  expect((await operator.get(`/api/v1/admin/library?q=${encodeURIComponent('电子围栏')}`)).body.result.list[0]).toMatchObject({
    authors: ['韩梅'],
    type: '硕士',
    discipline: '城市管理',
  });

  const none = await operator.call('POST', '/api/v1/admin/library', multipart({ note: 'x' }, []).payload, multipart({}, []).headers);
  expect([none.status, none.body.message]).toEqual([422, '请选择要导入的论文文件']);
  // a file over the size limit refuses the whole upload, in the upload's words; nothing is imported
  const large = await upload(operator, [file('small.txt', '一篇很短的论文，不该被导入。'), file('large.txt', Buffer.alloc(UPLOAD_MAX_BYTES + 1, 'a'))]);
  expect([large.status, large.body.message]).toEqual([413, LIBRARY_UPLOAD.tooLarge]);
  expect((await operator.get(`/api/v1/admin/library?q=${encodeURIComponent('很短的论文')}`)).body.result.total).toBe(0);
  const many = await upload(
    operator,
    Array.from({ length: LIBRARY_MAX_FILES + 1 }, (_, i) => file(`p${i}.txt`, `第${i}篇`)),
  );
  expect([many.status, many.body.message]).toEqual([413, `一次最多上传 ${LIBRARY_MAX_FILES} 个文件`]);
}, 60_000);

test('a removal reaches the check index as the command’s does; one audit entry; a second removal finds nothing', async () => {
  const [paper] = (await operator.get(`/api/v1/admin/library?q=${encodeURIComponent('校车线路')}`)).body.result.list;
  expect(await checkedSources(`${OWN}\n${PARAGRAPH}\n${OWN}`)).toEqual([paper.title]);
  const indexed = t.app.shards.corpora.get(0)!.index.size;
  const before = (await libraryAudit()).length;
  const removed = await operator.call('DELETE', `/api/v1/admin/library/${paper.id}`);
  expect(removed.body).toEqual({
    success: true,
    result: { id: paper.id, title: paper.title },
    message: `已从文献库移除《${paper.title}》，之后的检测不再比对它`,
  });
  expect(await checkedSources(`${OWN}\n${PARAGRAPH}\n${OWN}`)).toEqual([]);
  expect(t.app.shards.corpora.get(0)!.index.size).toBe(indexed - 1);
  expect((await operator.get(`/api/v1/document/${paper.id}`)).status).toBe(404);

  const again = await operator.call('DELETE', `/api/v1/admin/library/${paper.id}`);
  expect([again.status, again.body.message]).toEqual([404, '范文不存在或已下线']);
  const entries = await libraryAudit();
  expect(entries).toHaveLength(before + 1);
  expect(entries[0]).toMatchObject({
    actorEmail: operator.email,
    action: 'library.remove',
    targetType: 'document',
    targetId: paper.id,
    before: { id: paper.id, title: paper.title },
    after: null,
  });
}, 60_000);
