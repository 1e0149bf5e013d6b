/**
 * The library's index for checks persists in the data folder: a restart reads the snapshot and
 * catches up with what was added and removed since, with the same results as indexing afresh; a
 * damaged snapshot or one of another database is not used. A document removed from the library is
 * no longer reported, by the running server nor after a restart.
 */
import { spawnSync } from 'child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { checkText } from '../../server/src/engines/similarity/check';
import { CorpusIndex } from '../../server/src/engines/similarity/corpusIndex';
import { tokenize } from '../../server/src/engines/similarity/normalize';
import { PostingTable } from '../../server/src/engines/similarity/postings';
import { createDocumentImporter } from '../../server/src/modules/document/importer';
import { createDocumentRepo } from '../../server/src/modules/document/repo';
import { createDocumentService } from '../../server/src/modules/document/service';
import { createCorpus, type Library } from '../../server/src/modules/review/corpus';
import { SNAPSHOT_NAME } from '../../server/src/modules/review/indexFile';
import { shardOf } from '../../server/src/modules/review/shards';
import { client, createTestApp, payAsGateway } from './testApp';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The library of a test server, counting the documents the index reads from it. */
function countingLibrary(app = t.app) {
  const repo = createDocumentRepo(app.db);
  const read = { documents: 0, texts: 0 };
  const library: Library = {
    ...repo,
    documentsAfter: async (seq, limit, held) => {
      const rows = await repo.documentsAfter(seq, limit, held);
      read.documents += rows.length;
      read.texts += rows.filter((r) => r.full_text !== undefined).length;
      return rows;
    },
  };
  return { library, read };
}

/** A library of these documents (numbered 1, 2, …), none removed; `asked` collects where it was asked how many remain. */
function libraryOf(rows: Array<{ seq: number; id: string; full_text: string }>, asked: number[] = []): Library {
  return {
    documentsAfter: async (seq, limit) => rows.slice(seq, seq + limit),
    documentCountAfter: async (seq) => (asked.push(seq), rows.length - seq),
    documentIdsBetween: async (after, upTo) => rows.slice(after, upTo),
    removalsAfter: async () => [],
    documentText: async (id) => rows.find((r) => r.id === id)?.full_text,
    documentIdAt: async (seq) => rows[seq - 1]?.id,
    removalAt: async () => undefined,
    wasRemoved: async () => false,
  };
}

async function libraryDocument(q: string, app = t.app) {
  const id = (await app.inject({ method: 'GET', url: `/api/v1/search?kind=document&q=${encodeURIComponent(q)}` })).json().result.list[0].id as string;
  const doc = (await app.inject({ method: 'GET', url: `/api/v1/document/${id}` })).json().result as { title: string; fullText: string };
  return { id, ...doc, paragraph: (start: string) => doc.fullText.split('\n').find((p) => p.startsWith(start))! };
}

const OWN =
  '本文讨论县域中学课后服务的组织方式。作者在两所学校做了一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况，并比较了两校在经费、课程和激励方面的差别。';
const own = (n: number) => Array.from({ length: n }, (_, i) => `第${i + 1}次观察记录：${OWN}`).join('\n');

const NEW_PAPER = [
  '---',
  'title: 山区小学校车接送线路的优化研究',
  'authors: [周远]',
  'year: 2024',
  'type: 本科',
  'discipline: 交通运输',
  '---',
  '山区小学的学生居住分散，校车线路往往沿着河谷绕行，单程时间超过一小时的情况并不少见。本文以两个乡镇为例，用实际行驶记录重新规划停靠点，把最长单程时间缩短到四十分钟以内，同时没有增加车辆数量。',
].join('\n');

const libraryCount = async (app = t.app) => (await app.inject({ method: 'GET', url: '/api/v1/document?current=1&pageSize=1' })).json().result.total as number;

async function importPaper(name: string, text: string) {
  const folder = mkdtempSync(join(tmpdir(), 'zn-corpus-'));
  writeFileSync(join(folder, name), text);
  const outcome = await createDocumentImporter(createDocumentRepo(t.app.db), t.app.storage).importFile(join(folder, name), folder);
  expect(outcome.status).toBe('imported');
}

test('a restart reads the snapshot and only what came and went since, with the same results as indexing afresh', async () => {
  const dir = join(t.config.dataDir, 'persist-test');
  const kept = await libraryDocument('微塑料');
  const removed = await libraryDocument('膜下滴灌');
  const first = countingLibrary();
  const before = createCorpus(first.library, { dir, snapshotAfterChars: 1 });
  await before.sync();
  await before.close();
  expect(first.read.documents).toBe(30);
  expect(existsSync(join(dir, SNAPSHOT_NAME))).toBe(true);

  // the library changes while no process runs: one paper in, one out
  await importPaper('new.md', NEW_PAPER);
  await createDocumentService(createDocumentRepo(t.app.db), t.app.storage).remove(removed.id);

  const second = countingLibrary();
  const restarted = createCorpus(second.library, { dir });
  await restarted.sync();
  expect(second.read.documents).toBe(1); // the new paper only: nothing indexed again

  const fresh = createCorpus(countingLibrary().library);
  await fresh.sync();
  expect(restarted.index.size).toBe(fresh.index.size);
  const paper = [own(2), kept.paragraph('塑料制品在环境中'), own(2), removed.paragraph('试验采用随机区组设计'), NEW_PAPER.split('\n').pop(), own(1)].join('\n');
  const report = await checkText(paper, restarted.index, restarted.text, { minMatch: 13 });
  expect(report).toEqual(await checkText(paper, fresh.index, fresh.text, { minMatch: 13 }));
  const sources = report.sources.map((s) => s.sourceId);
  expect(sources).toContain(kept.id);
  expect(sources).not.toContain(removed.id);
  expect(sources).toHaveLength(2);
});

test('a damaged snapshot, or one of another database, is not used: the library is indexed afresh', async () => {
  const dir = join(t.config.dataDir, 'damage-test');
  const corpus = createCorpus(countingLibrary().library, { dir, snapshotAfterChars: 1 });
  await corpus.sync();
  await corpus.close();
  const file = join(dir, SNAPSHOT_NAME);

  const good = readFileSync(file);
  // the layout (modules/review/indexFile.ts): magic and version, the header's length and JSON, the arrays
  const headerLength = good.readUInt32LE(12);
  const lengths = JSON.parse(good.subarray(16, 16 + headerLength).toString()).lengths as number[];
  const positionsAt = 16 + headerLength + lengths[0] + lengths[1] + lengths[2];
  // one byte changed in the middle of the file; a token position changed (any value could be one)
  for (const at of [Math.floor(good.length / 2), positionsAt + 3]) {
    const damaged = Buffer.from(good);
    damaged[at] ^= 0x5a;
    writeFileSync(file, damaged);
    const afterDamage = countingLibrary();
    const rebuilt = createCorpus(afterDamage.library, { dir });
    await rebuilt.sync();
    expect(afterDamage.read.documents).toBe(await libraryCount()); // everything the library holds, read again
  }
  // cut short
  writeFileSync(file, good.subarray(0, good.length - 100));
  const afterCut = countingLibrary();
  await createCorpus(afterCut.library, { dir }).sync();
  expect(afterCut.read.documents).toBe(await libraryCount());
  writeFileSync(file, good);

  // a good snapshot of this library, copied to a server on another database (same seed, other ids)
  const other = await createTestApp();
  try {
    const otherDir = join(other.config.dataDir, 'copied');
    mkdirSync(otherDir);
    copyFileSync(file, join(otherDir, SNAPSHOT_NAME));
    const there = countingLibrary(other.app);
    const corpus2 = createCorpus(there.library, { dir: otherDir });
    await corpus2.sync();
    expect(there.read.documents).toBe(await libraryCount(other.app));
    const doc = await libraryDocument('微塑料', other.app);
    const report = await checkText(`${own(2)}\n${doc.paragraph('塑料制品在环境中')}\n${own(2)}`, corpus2.index, corpus2.text, { minMatch: 13 });
    expect(report.sources.map((s) => s.sourceId)).toEqual([doc.id]);
  } finally {
    await other.close();
  }
});

test('a document removed from the library (npm run import -- --remove) is no longer reported, by the running server nor after a restart', async () => {
  let me = client(t.app);
  await me.login();
  const source = await libraryDocument('微塑料');
  const text = `${own(3)}\n${source.paragraph('塑料制品在环境中')}\n${own(2)}`;
  const checkedSources = async () => {
    const { review, orderId } = (await me.post('/api/v1/review', { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text })).body
      .result;
    await payAsGateway(t.app, orderId, review.amountFen);
    await t.app.jobs.drain();
    const report = (await me.get(`/api/v1/review/${review.id}/report`)).body.result;
    return report.sources.map((s: { title: string }) => s.title) as string[];
  };
  expect(await checkedSources()).toEqual([source.title]);
  const indexed = t.app.shards.corpora.get(0)!.index.size;

  const run = spawnSync(process.execPath, [require.resolve('tsx/cli'), 'server/src/cli/import.ts', '--remove', source.id, 'no-such-document'], {
    env: { ...process.env, DATABASE_URL: t.config.databaseUrl, DATA_DIR: t.config.dataDir, NODE_ENV: 'test' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stdout).toContain(`移除  ${source.id}  《${source.title}》`);
  expect(run.stdout).toContain('失败  no-such-document');
  expect(run.status).toBe(1);
  expect((await me.get(`/api/v1/document/${source.id}`)).status).toBe(404);

  expect(await checkedSources()).toEqual([]);
  expect(t.app.shards.corpora.get(0)!.index.size).toBe(indexed - 1); // dropped from this server's index too
  await t.restart();
  expect(existsSync(join(t.config.dataDir, 'index', SNAPSHOT_NAME))).toBe(true); // written at shutdown
  me = client(t.app);
  await me.login();
  expect(await checkedSources()).toEqual([]);
  expect(t.app.shards.corpora.get(0)!.index.size).toBe(indexed - 1);
});

test('a document or removal numbered below the last one read (its PostgreSQL transaction committed late) is still taken in', async () => {
  const rows = (await createDocumentRepo(t.app.db).documentsAfter(0, 3)).map((r, i) => ({ ...r, seq: i + 1 }));
  const visible = new Set([1, 3]);
  const removals = [
    { seq: 1, document_id: rows[0].id },
    { seq: 2, document_id: rows[2].id },
  ];
  const visibleRemovals = new Set<number>();
  const removed = () => removals.filter((r) => visibleRemovals.has(r.seq));
  const shown = () => rows.filter((r) => visible.has(r.seq) && !removed().some((x) => x.document_id === r.id));
  const library: Library = {
    documentsAfter: async (seq, limit) =>
      shown()
        .filter((r) => r.seq > seq)
        .slice(0, limit),
    documentIdsBetween: async (after, upTo) => shown().filter((r) => r.seq > after && r.seq <= upTo),
    removalsAfter: async (seq, limit) =>
      removed()
        .filter((r) => r.seq > seq)
        .slice(0, limit),
    documentText: async (id) => shown().find((r) => r.id === id)?.full_text,
    documentIdAt: async (seq) => shown().find((r) => r.seq === seq)?.id,
    removalAt: async (seq) => removed().find((r) => r.seq === seq)?.document_id,
    wasRemoved: async (id) => removed().some((r) => r.document_id === id),
  };
  const corpus = createCorpus(library);
  await corpus.sync();
  expect(corpus.index.size).toBe(2);
  visible.add(2);
  await corpus.sync();
  expect(corpus.index.size).toBe(3);
  expect(corpus.index.has(rows[1].id)).toBe(true);

  visibleRemovals.add(2);
  await corpus.sync();
  expect([rows[0].id, rows[1].id, rows[2].id].map((id) => corpus.index.has(id))).toEqual([true, true, false]);
  visibleRemovals.add(1);
  await corpus.sync();
  expect([rows[0].id, rows[1].id, rows[2].id].map((id) => corpus.index.has(id))).toEqual([false, true, false]);
});

test("a shard's process reads the texts of its own documents only", async () => {
  const { library, read } = countingLibrary();
  const holds = (id: string) => shardOf(id, 2) === 0;
  const corpus = createCorpus(library, { holds });
  await corpus.sync();
  const all = await createDocumentRepo(t.app.db).documentsAfter(0, 100_000);
  const mine = all.filter((d) => holds(d.id));
  expect(mine.length).toBeGreaterThan(0);
  expect(mine.length).toBeLessThan(all.length);
  expect(read.documents).toBe(all.length);
  expect(read.texts).toBe(mine.length);
  expect(mine.every((d) => corpus.index.has(d.id)) && corpus.index.size).toBe(mine.length);
});

test('a large catch-up makes room for the rest of the library at once, and indexes what indexing one by one does', async () => {
  // 450 documents (more than two batches of 200) cut from the seed library's texts, the later
  // ones longer, so the room made after the first batch runs out and the index grows again
  const texts = (await createDocumentRepo(t.app.db).documentsAfter(0, 1000)).map((d) => d.full_text);
  const rows = Array.from({ length: 450 }, (_, i) => {
    const text = texts[i % texts.length];
    const from = (i * 97) % Math.max(1, text.length - 3000);
    return { seq: i + 1, id: `doc-${i}`, full_text: text.slice(from, from + (i < 200 ? 600 : 2400)) };
  });
  const asked: number[] = [];
  const library = libraryOf(rows, asked);
  const reserved = createCorpus(library);
  await reserved.sync();
  expect(asked).toEqual([200]);
  // what the server's library answers there
  const repo = createDocumentRepo(t.app.db);
  const [firstDoc] = await repo.documentsAfter(0, 1);
  expect(await repo.documentCountAfter(0)).toBe(await repo.documentCount());
  expect(await repo.documentCountAfter(firstDoc.seq)).toBe((await repo.documentCount()) - 1);
  const oneByOne = new CorpusIndex();
  for (const row of rows) oneByOne.addText(row.id, row.full_text);
  expect(reserved.index.postingCount).toBe(oneByOne.postingCount);
  // the same postings in the same order (the buckets may differ in number)
  const entries = (index: CorpusIndex) =>
    index
      .toSnapshot()
      .arrays.slice(1, 4)
      .map((a) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('base64'));
  expect(entries(reserved.index)).toEqual(entries(oneByOne));
  for (const row of rows.filter((_, i) => i % 45 === 0)) {
    const paper = `${OWN}${row.full_text.slice(100, 400)}${OWN}`;
    expect(await checkText(paper, reserved.index, library.documentText, { minMatch: 13 })).toEqual(
      await checkText(paper, oneByOne, library.documentText, { minMatch: 13 }),
    );
  }
});

test('a first batch of long documents before many short ones makes room for no more than sixteen times its postings', async () => {
  const texts = (await createDocumentRepo(t.app.db).documentsAfter(0, 1000)).map((d) => d.full_text);
  const rows = Array.from({ length: 5200 }, (_, i) => ({
    seq: i + 1,
    id: `doc-${i}`,
    full_text: i < 200 ? texts[i % texts.length].slice(0, 3000) : `短文${i}`,
  }));
  const library = libraryOf(rows);
  const firstBatch = new CorpusIndex();
  for (const row of rows.slice(0, 200)) firstBatch.addText(row.id, row.full_text);
  const first = firstBatch.postingCount;
  const corpus = createCorpus(library);
  await corpus.sync();
  expect(corpus.index.size).toBe(5200);
  // the estimate (5,000 more documents as long as the first) would be about 27 times; entries of 16
  // bytes each, and bucket heads of 4 bytes, at most twice as many as entries
  expect(corpus.index.postingBytes).toBeLessThanOrEqual(16 * first * (16 + 2 * 4));
});

test('indexing a text straight from its characters gives the same postings as indexing its tokens', async () => {
  const texts = (await createDocumentRepo(t.app.db).documentsAfter(0, 1000)).map((d) => d.full_text);
  texts.push('繁體中文的段落：臺灣的學者著作頗豐，乾隆年間的頭髮樣式。ＦＵＬＬ　ｗｉｄｔｈ and MiXeD case, 𠀀𠀁 ⿰氵青', '', '短');
  const fromTokens = new CorpusIndex();
  const fromText = new CorpusIndex();
  texts.forEach((text, i) => {
    fromTokens.add(`d${i}`, tokenize(text));
    fromText.addText(`d${i}`, text);
  });
  const a = fromTokens.toSnapshot();
  const b = fromText.toSnapshot();
  // the same but for the marks, which only the text can give (similarityEngine.test: sources read where the seeds are)
  expect({ ...b.header, marks: 0 }).toEqual({ ...a.header, marks: 0 });
  a.arrays
    .slice(0, 5)
    .forEach((array, i) =>
      expect(
        Buffer.from(b.arrays[i].buffer, b.arrays[i].byteOffset, b.arrays[i].byteLength).equals(Buffer.from(array.buffer, array.byteOffset, array.byteLength)),
      ).toBe(true),
    );
});

test('room made for fewer postings than the table holds, before they are chained, still gives a snapshot that loads', () => {
  const table = new PostingTable();
  const hashOf = (i: number) => Math.imul(i, 2654435761) >>> 0;
  for (let i = 0; i < 600_000; i += 1) table.add(hashOf(i), 0, i);
  table.reserve(300_000);
  const arrays = Object.values(table.arrays());
  const { table: loaded, targets } = PostingTable.allocate(table.buckets, arrays[1].length);
  arrays.forEach((array, i) => targets[i].set(array));
  expect(loaded.check()).toBe(0);
  for (const i of [0, 12_345, 599_999]) {
    const found: number[] = [];
    loaded.forEach(hashOf(i), (_slot, position) => found.push(position));
    expect(found).toContain(i);
  }
});

test('every posting is found again, as the table grows while it is read and after its snapshot is read back, and a hash never posted finds nothing', () => {
  const table = new PostingTable();
  const hashOf = (i: number) => Math.imul(i, 2654435761) >>> 0;
  const lookup = (from: PostingTable, hash: number) => {
    const found: number[] = [];
    from.forEach(hash, (slot, position) => found.push(slot, position));
    return found;
  };
  // read between batches: buckets and the presence of hashes are made again as the table grows
  for (let i = 0; i < 400_000; i += 1) {
    table.add(hashOf(i % 150_000), i % 7, i);
    if (i % 50_000 === 49_999) expect(lookup(table, hashOf(i % 150_000))).toContain(i);
  }
  const arrays = Object.values(table.arrays());
  const { table: loaded, targets } = PostingTable.allocate(table.buckets, arrays[1].length);
  arrays.forEach((array, i) => targets[i].set(array));
  loaded.check();
  for (const from of [table, loaded]) {
    for (let h = 0; h < 150_000; h += 1) {
      // newest first: h + 300,000 (when under 400,000), h + 150,000, h
      const expected = [h + 300_000, h + 150_000, h].filter((i) => i < 400_000).flatMap((i) => [i % 7, i]);
      if (lookup(from, hashOf(h)).join() !== expected.join()) throw new Error(`hash ${h}: ${lookup(from, hashOf(h)).join()}`);
    }
    let foundUnposted = 0;
    for (let h = 150_000; h < 250_000; h += 1) foundUnposted += lookup(from, hashOf(h)).length;
    expect(foundUnposted).toBe(0);
  }
});
