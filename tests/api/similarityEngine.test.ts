/** The plagiarism engine alone: normalisation, fingerprints, alignment and the report's figures. */
import matter from 'gray-matter';
import { readFileSync, readdirSync } from 'fs';
import { join } from 'path';
import { stripMarkdown } from '../../common/markdown';
import { SEED_FOLDER } from '../../server/src/seed';
import { checkText, countChars } from '../../server/src/engines/similarity/check';
import { commonLimit, CorpusIndex, mergeCandidates } from '../../server/src/engines/similarity/corpusIndex';
import { comparable, hashTokens, tokenHash, tokenize, walkTokens } from '../../server/src/engines/similarity/normalize';
import { winnow } from '../../server/src/engines/similarity/fingerprint';
import { MARK_EVERY, TokenSeq } from '../../server/src/engines/similarity/tokenSeq';
import { ExtractError, extractText } from '../../server/src/engines/text/extract';
import { Document, Packer, Paragraph, Table, TableCell, TableRow } from 'docx';
import iconv from 'iconv-lite';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { encryptedPdf } from './encryptedPdf';
import { chapters } from '../../server/src/engines/similarity/structure';
import { Converter } from 'opencc-js';
import { Locale as TW_TO_CN } from 'opencc-js/t2cn';

const folder = join(SEED_FOLDER, 'documents');
const corpus = new Map(readdirSync(folder).map((name) => [name, stripMarkdown(matter(readFileSync(join(folder, name), 'utf8')).content)] as const));
const index = new CorpusIndex();
for (const [id, text] of corpus) index.addText(id, text);
const read = async (id: string) => corpus.get(id);
const check = (text: string, minMatch = 13) => checkText(text, index, read, { minMatch });

/** A sentence of a seed paper, by where it starts. */
function sentenceOf(id: string, beginning: string, sentences = 1) {
  const text = corpus.get(id)!;
  const start = text.indexOf(beginning);
  expect(start).toBeGreaterThanOrEqual(0);
  let end = start;
  for (let i = 0; i < sentences; i += 1) end = text.indexOf(/[\u4e00-\u9fff]/.test(beginning) ? '。' : '. ', end + 1) + 1;
  return text.slice(start, end);
}

const OWN_OPENING = '本研究关注县域中学的课后服务安排，作者在两所学校做了为期一个学期的观察和访谈，记录了教师的工作负担与学生的参与情况。';
const OWN_CLOSING = '综上，课后服务的质量取决于经费保障、教师激励和课程设计三个方面的协同，单靠延长在校时间并不能提高学习效果。';

describe('extraction', () => {
  test('a GBK .txt, a .docx with a table, a .pdf; encrypted and broken files are refused with the reason', async () => {
    expect(await extractText(iconv.encode('第一章 绪论\r\n县域中学的课后服务', 'gbk'), '论文.txt')).toBe('第一章 绪论\n县域中学的课后服务');
    const word = new Document({
      sections: [
        {
          children: [
            new Paragraph('表格之前的段落'),
            new Table({ rows: [new TableRow({ children: [new TableCell({ children: [new Paragraph('单元格里的数据')] })] })] }),
          ],
        },
      ],
    });
    expect(await extractText(await Packer.toBuffer(word), 'a.docx')).toMatch(/表格之前的段落\s+单元格里的数据/);
    const pdf = await PDFDocument.create();
    pdf.addPage().drawText('Noise barriers and sleep', { x: 40, y: 700, size: 12, font: await pdf.embedFont(StandardFonts.Helvetica) });
    expect(await extractText(Buffer.from(await pdf.save()), 'a.pdf')).toBe('Noise barriers and sleep');
    await expect(extractText(await encryptedPdf(), 'locked.pdf')).rejects.toThrow('PDF 已加密，请解除密码后再上传');
    await expect(extractText(Buffer.from('%PDF-1.4 nothing'), 'b.pdf')).rejects.toThrow(ExtractError);
    await expect(extractText(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), 'old.docx')).rejects.toThrow(/已加密或是旧版/);
  });
});

describe('normalisation', () => {
  test('folds width, case and traditional characters, drops punctuation, and maps back exactly', () => {
    const text = '學術ＡＢＣ論文，Hello  World！';
    const tokens = tokenize(text);
    expect(tokens.map((t) => t.value)).toEqual(['学', '术', 'abc', '论', '文', 'hello', 'world']);
    expect(tokens.map((t) => text.slice(t.start, t.end))).toEqual(['學', '術', 'ＡＢＣ', '論', '文', 'Hello', 'World']);
    expect(countChars(text)).toBe(17);
  });

  test("traditional text converts as the whole converter converts it, in every context the converter's rules name", () => {
    const toSimplified = Converter({ from: 'tw', to: 'cn' });
    const config = TW_TO_CN.configs.tw2s as unknown as { normalizationChain: string[][]; segmentation: string[]; conversionChain: string[][] };
    const rules = [...config.normalizationChain.flat(), ...config.segmentation, ...config.conversionChain.flat()].flatMap((dict) => dict.split('|'));
    // each rule's key and value alone, and keys side by side in simplified text (才, 核 and 么 among them)
    const pieces = rules.flatMap((rule) => rule.split(' '));
    const texts = [...pieces, ...pieces.map((piece, i) => `${piece}${pieces[(i + 1) % pieces.length]}才核么${pieces[(i + 7) % pieces.length]}`)];
    // where a rule changes a stretch's length, comparable() converts character by character instead (positions stay put)
    const differ = texts.filter((text) => toSimplified(text).length === text.length && comparable(text) !== toSimplified(text));
    expect(texts.length).toBeGreaterThan(20_000);
    expect(differ).toEqual([]);
  });
});

describe('finding copied passages', () => {
  test('a verbatim Chinese passage is found once, at exactly its place, with its source', async () => {
    const copied = sentenceOf('env-02-river-microplastics.md', '塑料制品在环境中经过风化', 2);
    const text = `${OWN_OPENING}\n${copied}\n${OWN_CLOSING}`;
    const report = await check(text);
    expect(report.passages).toHaveLength(1);
    const [passage] = report.passages;
    expect(passage.sourceId).toBe('env-02-river-microplastics.md');
    expect(text.slice(passage.start, passage.end)).toBe(copied.slice(0, -1)); // the final 。 is punctuation
    expect(passage.sourceText).toBe(copied.slice(0, -1));
    expect(report.sources).toEqual([{ sourceId: 'env-02-river-microplastics.md', matchedChars: passage.chars, share: passage.chars / report.totalChars }]);
  });

  test("a copied paragraph's mark stops at its end where the next lines of the paper and the source start alike", async () => {
    // the source's paragraph is followed by its heading 第4章, the paper's by a heading of its own, 第三章
    const copied = sentenceOf('edu-01-online-engagement.md', '模型拟合良好', 4);
    const text = `${OWN_OPENING}\n${copied}\n\n第三章 县域电子商务发展现状与问题\n\n${OWN_CLOSING}`;
    const report = await check(text);
    expect(report.passages.map((p) => text.slice(p.start, p.end))).toEqual([copied.slice(0, -1)]);
    expect(report.matchedChars).toBe(countChars(copied));
  });

  test('reordered sentences are each found in the same source', async () => {
    const a = sentenceOf('edu-02-rural-teachers.md', '乡村教师是乡村教育振兴的关键力量');
    const b = sentenceOf('edu-02-rural-teachers.md', '结果显示，教师最希望提升的是');
    const report = await check(`${OWN_OPENING}${b}${OWN_CLOSING}${a}`);
    expect(report.passages.map((p) => p.sourceId)).toEqual(['edu-02-rural-teachers.md', 'edu-02-rural-teachers.md']);
    expect(report.matchedChars).toBe(countChars(a) + countChars(b));
  });

  test('punctuation, spaces, full-width letters and traditional characters do not hide a copy', async () => {
    const copied = sentenceOf('mech-01-bearing-fault.md', '传统的轴承故障诊断依赖专家', 2);
    const noisy = copied.replace(/，/g, ' , ').replace(/故障/g, '故　障').replace(/诊断/g, '診斷');
    const report = await check(`${OWN_OPENING}${noisy}${OWN_CLOSING}`);
    expect(report.passages).toHaveLength(1);
    expect(report.passages[0].chars).toBe(countChars(copied));
  });

  test('an English passage with a few words changed is one passage', async () => {
    const copied = sentenceOf('en-06-urban-cycling.md', 'Many mid-sized cities are building', 3);
    const edited = copied.replace('not always clear', 'often unclear').replace('police-reported', 'officially recorded');
    const report = await check(`My own introduction explains the question in my own words before anything else. ${edited} My own conclusion closes it.`, 8);
    expect(report.passages).toHaveLength(1);
    expect(report.passages[0].sourceId).toBe('en-06-urban-cycling.md');
    expect(report.passages[0].chars).toBeGreaterThan(countChars(edited) * 0.8);
  });

  test('an edited paragraph, characters changed, inserted and deleted, is one passage', async () => {
    const copied = sentenceOf('edu-02-rural-teachers.md', '乡村教师是乡村教育振兴的关键力量', 4);
    // about one character in ten: changed (every 23rd), an extra one before (every 29th), left out (every 31st)
    const edited = [...copied].map((c, i) => (i % 23 === 11 ? '某' : i % 29 === 17 ? `又${c}` : i % 31 === 25 ? '' : c)).join('');
    const report = await check(`${OWN_OPENING}${edited}${OWN_CLOSING}`);
    expect(report.passages).toHaveLength(1);
    expect(report.passages[0].sourceId).toBe('edu-02-rural-teachers.md');
    expect(report.passages[0].chars).toBeGreaterThan(countChars(edited) * 0.9);
  });

  test('sentences of one paragraph put in another order are one passage', async () => {
    // the last sentence's 前十项推荐的命中率 also occurs further down the source: a second place to match, not a second passage
    const [a, b, c, d] = ['高校食堂每天产生', '本文以某高校', '方法先按窗口和价格', '离线实验表明'].map((start) =>
      sentenceOf('cs-01-campus-card-recommendation.md', start),
    );
    const report = await check(`${OWN_OPENING}${d}${a}${c}${b}${OWN_CLOSING}`);
    expect(report.passages.map((p) => p.sourceId)).toEqual(['cs-01-campus-card-recommendation.md']);
    expect(report.matchedChars).toBe(countChars(a + b + c + d));
  });

  test('two common terms far apart in one source are no passage', async () => {
    // 8 characters each, about 100 characters apart in the source, side by side here: no copied passage
    const first = sentenceOf('edu-02-rural-teachers.md', '信息技术与学科教学融合').slice(0, 8);
    const second = sentenceOf('edu-02-rural-teachers.md', '培训时间与教学任务冲突').slice(0, 8);
    const source = corpus.get('edu-02-rural-teachers.md')!;
    expect(source.indexOf(second) - source.indexOf(first)).toBeGreaterThan(20);
    const report = await check(`${OWN_OPENING}他们提到${first}以及${second}的情况。${OWN_CLOSING}`);
    expect(report.passages).toEqual([]);
  });

  test('a passage in traditional script is found whole', async () => {
    const copied = sentenceOf('env-02-river-microplastics.md', '塑料制品在环境中经过风化', 2);
    const traditional = Converter({ from: 'cn', to: 'hk' })(copied);
    expect(traditional).not.toBe(copied);
    const report = await check(`${OWN_OPENING}${traditional}${OWN_CLOSING}`);
    expect(report.passages).toHaveLength(1);
    expect(report.passages[0].sourceId).toBe('env-02-river-microplastics.md');
    expect(report.passages[0].chars).toBe(countChars(copied));
  });

  test('a stock phrase found in many documents is no evidence, the text around it still is', async () => {
    const stock = '本研究采用文献研究法与问卷调查法相结合的方式';
    const own = [...'甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥'];
    // twelve documents that all use the stock phrase, each among text of its own
    const docs = new Map(own.slice(0, 12).map((c, i) => [`doc-${i}`, `${c.repeat(3)}${own[i + 1].repeat(30)}。${stock}。${own[i + 2].repeat(30)}${c}`]));
    const small = new CorpusIndex();
    for (const [id, text] of docs) small.add(id, tokenize(text));
    const checkSmall = (text: string) => checkText(text, small, async (id) => docs.get(id), { minMatch: 13 });
    expect((await checkSmall(`${OWN_OPENING}${stock}。${OWN_CLOSING}`)).passages).toEqual([]);
    // copying a whole document is found, the stock phrase in it included
    const copied = docs.get('doc-3')!;
    const report = await checkSmall(`${OWN_OPENING}${copied}${OWN_CLOSING}`);
    expect(report.passages.map((p) => p.sourceId)).toEqual(['doc-3']);
    expect(report.matchedChars).toBe(countChars(copied));
  });

  test('a short common phrase is not reported', async () => {
    // 8 characters shared with several papers (研究建议…) but below the system's minimum
    const report = await check(`${OWN_OPENING}研究结果表明，${OWN_CLOSING}`);
    expect(report.passages).toEqual([]);
    expect(report.similarity).toBe(0);
  });
});

describe('a library holding a paper in many versions', () => {
  test("the versions of one copied paper do not take every place among the sources compared: the paper's other copied passage is still found", async () => {
    const finance = corpus.get('econ-01-digital-finance.md')!;
    // six versions of one paper, each with a line of its own (fewer than commonLimit's eight: its k-grams still seed)
    const docs = new Map<string, string>(Array.from({ length: 6 }, (_, i) => [`finance-v${i + 1}`, `${finance}\n第${i + 1}版修订说明。`]));
    docs.set('law-01-personal-info.md', corpus.get('law-01-personal-info.md')!);
    const library = new CorpusIndex();
    for (const [id, text] of docs) library.addText(id, text);
    const law = sentenceOf('law-01-personal-info.md', '同意是个人对其信息进行控制的基本方式');
    const text = [OWN_OPENING, sentenceOf('econ-01-digital-finance.md', '创业是农民增收的重要途径', 3), law, OWN_CLOSING].join('\n');
    // four sources compared at most: before, the four with most seeds, all versions of the finance paper
    const report = await checkText(text, library, async (id) => docs.get(id), { minMatch: 13, maxSources: 4 });
    // the finance sentences run over the source's heading 二、理论分析与研究假设, a chapter of the paper too: a passage on either side
    const version = expect.stringMatching(/^finance-v/);
    expect(report.passages.map((p) => p.sourceId)).toEqual([version, version, 'law-01-personal-info.md']);
  });
});

describe('a library in parts (shards)', () => {
  /** The library's documents spread over `parts` indexes, a check's candidates merged from all. */
  function inParts(docs: Map<string, string>, parts: number) {
    const indexes = Array.from({ length: parts }, () => new CorpusIndex());
    [...docs].forEach(([id, text], i) => indexes[i % parts].addText(id, text));
    const cap = commonLimit(docs.size);
    return {
      candidates: (hashes: Uint32Array, limit: number, contentFrom?: number) =>
        mergeCandidates(
          indexes.map((part) => part.hits(hashes, cap, contentFrom)),
          limit,
        ),
    };
  }

  test('two or three parts give the report of one index', async () => {
    const text = [
      OWN_OPENING,
      sentenceOf('econ-01-digital-finance.md', '创业是农民增收的重要途径', 2),
      sentenceOf('law-01-personal-info.md', '同意是个人对其信息进行控制的基本方式', 2),
      OWN_CLOSING,
    ].join('\n');
    const whole = await check(text);
    expect(whole.sources.length).toBeGreaterThanOrEqual(2);
    for (const parts of [2, 3]) {
      expect(await checkText(text, inParts(corpus, parts), read, { minMatch: 13 })).toEqual(whole);
    }
  });

  test('a paragraph rewritten until no five words in a row survive, found by its content words alone, is found the same in two or three parts', async () => {
    // the methods paragraph of the cycling paper: sentences shuffled, words swapped, runs of four words at most
    const text = [
      'My own survey asked forty classmates how they travel to the campus and why.',
      'Cycling volumes came from automated counters and were estimated for segments lacking counters. Crash records were linked to road segments through their coordinates. The empirical Bayes method of before-after comparison was applied to correct regression toward the mean, since lanes are often constructed where crashes had lately been high.',
      'Most of them still walk because the campus is small and the roads around it are busy.',
    ].join('\n');
    const whole = await check(text);
    expect(whole.passages.map((p) => [p.sourceId, p.start, p.end])).toEqual([
      ['en-06-urban-cycling.md', text.indexOf('Cycling volumes'), text.indexOf('lately been high') + 'lately been high'.length],
    ]);
    for (const parts of [2, 3]) {
      expect(await checkText(text, inParts(corpus, parts), read, { minMatch: 13 })).toEqual(whole);
    }
  });

  test('parts made from different hashes of the paper are refused, not merged', () => {
    const part = { size: 1, cap: 8, counts: [0, 0, 0], seeds: [] };
    expect(() =>
      mergeCandidates(
        [
          { ...part, contentFrom: 2 },
          { ...part, contentFrom: 3 },
        ],
        10,
      ),
    ).toThrow();
    expect(() =>
      mergeCandidates(
        [
          { ...part, contentFrom: 3 },
          { ...part, contentFrom: 3, counts: [0, 0] },
        ],
        10,
      ),
    ).toThrow();
  });

  test('a phrase common over the whole library is common, though no part holds it often', async () => {
    const stock = '本研究采用文献研究法与问卷调查法相结合的方式';
    const own = [...'甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥'];
    // in twelve documents: six in each part, fewer than commonLimit's eight
    const docs = new Map(own.slice(0, 12).map((c, i) => [`doc-${i}`, `${c.repeat(3)}${own[i + 1].repeat(30)}。${stock}。${own[i + 2].repeat(30)}${c}`]));
    const report = await checkText(`${OWN_OPENING}${stock}。${OWN_CLOSING}`, inParts(docs, 2), async (id) => docs.get(id), { minMatch: 13 });
    expect(report.passages).toEqual([]);
  });
});

describe('fingerprints', () => {
  test('winnowing keeps the rightmost smallest hash of every window, each once', () => {
    let seed = 5;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (const [length, range] of [
      [0, 9],
      [3, 9],
      [4, 2],
      [50, 3],
      [500, 7],
      [2_000, 1_000_000],
    ]) {
      const hashes = Uint32Array.from({ length }, () => next() % range);
      const expected: Array<{ hash: number; position: number }> = [];
      for (let start = 0; start === 0 || start + 4 <= length; start += 1) {
        const window = [...hashes.subarray(start, start + 4)];
        if (!window.length) break;
        const position = start + window.lastIndexOf(Math.min(...window));
        if (expected.at(-1)?.position !== position) expected.push({ hash: hashes[position], position });
      }
      expect(winnow(hashes, 4)).toEqual(expected);
    }
  });

  test('every token the walk gives carries the hash of its value, and the index build hashes the same tokens', () => {
    const text = comparable(
      `${[...corpus.values()].map((t) => t.slice(0, 1_000)).join('\n')} ＡＢＣ１２３ Straße ÉCOLE café abcＡＢＣ x中y 𠀀𠀁 ⿰氵工 ①② the end`,
    );
    const [hashes, expected, starts]: number[][] = [[], [], []];
    walkTokens(text, 0, Infinity, (value, start, _end, hash) => {
      hashes.push(hash);
      expected.push(tokenHash(value));
      starts.push(start);
    });
    expect(hashes.length).toBeGreaterThan(1_000);
    expect(hashes).toEqual(expected);
    // every suffix from a token's start, so that each kind of token comes first and last
    for (const from of [0, ...starts.slice(-12)]) {
      const tail = text.slice(from);
      const out = new Uint32Array(tail.length);
      const marked: number[] = [];
      const n = hashTokens(tail, out, 3, (start) => marked.push(start));
      const walked = hashes.slice(starts.indexOf(from));
      expect([...out.subarray(0, n)]).toEqual(walked);
      expect(marked).toEqual(
        starts
          .slice(starts.indexOf(from))
          .filter((_, i) => i % 3 === 0)
          .map((start) => start - from),
      );
    }
  });

  test('an index answers for documents added after it was last asked', async () => {
    const growing = new CorpusIndex();
    const [first, second] = [...corpus].filter(([, text]) => text.length > 2_000);
    growing.addText(first[0], first[1]);
    const ask = async (text: string) => (await checkText(text, growing, read, { minMatch: 13 })).passages.map((p) => p.sourceId);
    expect(await ask(first[1].slice(500, 1_500))).toContain(first[0]);
    growing.addText(second[0], second[1]);
    expect(await ask(second[1].slice(500, 1_500))).toContain(second[0]);
  });
});

describe('sources read where the seeds are', () => {
  const toTraditional = Converter({ from: 'cn', to: 'tw' });
  /** Long sources: library documents joined, every other one in traditional script, with English between. */
  const long = new Map(
    [0, 1, 2, 3].map((n) => {
      const parts = [...corpus.values()].filter((_, i) => i % 4 === n).map((text, i) => (i % 2 ? toTraditional(text) : text));
      return [`long-${n}`, parts.join('\nSee also the appendix, Section 2.\n')];
    }),
  );

  test('tokens read block by block, in any order, are the tokens of the whole text', () => {
    const text = long.get('long-1')!;
    const whole = tokenize(text);
    expect(whole.length).toBeGreaterThan(MARK_EVERY * 12);
    // marks for every third block only: the others are reached from the nearest one before
    const marks = whole.flatMap((t, i) => (i % (MARK_EVERY * 3) === 0 ? [i / MARK_EVERY, t.start] : []));
    const seq = TokenSeq.of(text, marks);
    const order = whole.map((_, i) => (i * 7919) % whole.length);
    for (const i of order) expect([seq.value(i), seq.start(i), seq.end(i)]).toEqual([whole[i].value, whole[i].start, whole[i].end]);
    expect(seq.value(whole.length)).toBeUndefined();
    expect(seq.value(-1)).toBeUndefined();
  });

  test('a character whose conversion changes its length (outside the BMP) moves no passage off its words', async () => {
    // 僤 becomes a character outside the BMP (one code unit more), U+2F800 one inside it (one
    // less): in one stretch, with the words between them, the total length stays the same
    const words = Array.from({ length: 400 }, (_, i) => `ab${i}`);
    const text = `僤 ${words.join(' ')} ${String.fromCodePoint(0x2f800)} tail words here`;
    const paper = words.slice(250, 330).join(' ');
    const byText = new CorpusIndex();
    const byTokens = new CorpusIndex();
    byText.addText('shifted', text);
    byTokens.add('shifted', tokenize(text));
    const readShifted = async () => text;
    const report = await checkText(paper, byText, readShifted, { minMatch: 13 });
    expect(report.passages.map((p) => p.sourceText)).toEqual([paper]);
    expect(report).toEqual(await checkText(paper, byTokens, readShifted, { minMatch: 13 }));
  });

  test('a check reading sources around its seeds reports what reading them whole does', async () => {
    const byText = new CorpusIndex();
    const byTokens = new CorpusIndex(); // no marks: every source read whole
    for (const [id, text] of long) {
      byText.addText(id, text);
      byTokens.add(id, tokenize(text));
    }
    const readLong = async (id: string) => long.get(id);
    const texts = [...long.values()];
    // copies from the start, the middle and the end of each source, one of them in traditional script, one edited
    const paper = [
      OWN_OPENING,
      ...texts.map((t, i) => t.slice(Math.floor((t.length * i) / 4), Math.floor((t.length * i) / 4) + 600)),
      toTraditional(texts[0].slice(-500)),
      texts[2].slice(3000, 3400).replace(/的/g, '之'),
      OWN_CLOSING,
    ].join('\n');
    const windowed = await checkText(paper, byText, readLong, { minMatch: 13 });
    expect(windowed.passages.length).toBeGreaterThanOrEqual(5);
    expect(windowed).toEqual(await checkText(paper, byTokens, readLong, { minMatch: 13 }));
  });
});

describe('the report', () => {
  test('chapters come from the headings, and the figures add up', async () => {
    const copied = sentenceOf('econ-01-digital-finance.md', '创业是农民增收的重要途径', 2);
    const quoted = `有学者指出“${sentenceOf('law-01-personal-info.md', '同意是个人对其信息进行控制的基本方式')}”`;
    const text = [
      '数字金融与农村创业',
      '摘要：本文讨论数字金融。',
      '第一章 绪论',
      OWN_OPENING + copied,
      '第二章 文献综述',
      quoted + OWN_CLOSING,
      '参考文献',
      '[1] 郭峰, 王靖一, 王芳, 等. 测度中国数字普惠金融发展：指数编制与空间特征[J]. 经济学（季刊）, 2020, 19(4): 1401-1418.',
    ].join('\n');
    expect(chapters(text).map((c) => c.title)).toEqual(['前置部分', '第一章 绪论', '第二章 文献综述', '参考文献']);
    const report = await check(text);
    expect(report.chapters.reduce((sum, c) => sum + c.totalChars, 0)).toBe(report.totalChars);
    expect(report.chapters.reduce((sum, c) => sum + c.matchedChars, 0)).toBe(report.matchedChars);
    expect(report.sources.reduce((sum, s) => sum + s.matchedChars, 0)).toBe(report.matchedChars);
    expect(report.passages.reduce((sum, p) => sum + p.chars, 0)).toBe(report.matchedChars);
    expect(report.chapters[1].matchedChars).toBe(countChars(copied));
    // the quotation and the references count in the overall figure, not in the one excluding them
    expect(report.excludingQuotes.matchedChars).toBe(countChars(copied));
    expect(report.excludingQuotes.similarity).toBeLessThan(report.similarity);
  });
  test('a copied abstract does not mark the chapter heading after it, which the source has elsewhere', async () => {
    // in the source the keywords line stands between the abstract and 第1章 引言; the paper's own paragraph follows the heading
    const abstract = sentenceOf('cs-01-campus-card-recommendation.md', '摘要：', 4);
    const data = sentenceOf('cs-01-campus-card-recommendation.md', '原始记录只包含', 3);
    const text = [abstract, '第1章 引言', OWN_OPENING, data].join('\n');
    const report = await check(text);
    expect(report.passages.map((p) => text.slice(p.start, p.end + 1))).toEqual([abstract, data]);
    expect(report.chapters.map((c) => [c.title, c.matchedChars])).toEqual([
      ['前置部分', countChars(abstract)],
      ['第1章 引言', countChars(data)],
    ]);
  });
  test('a copied paragraph does not mark the chapter heading after it, though the source has the same heading there', async () => {
    // in the source 第2章 研究设计 follows this paragraph; the student's 第二章 研究设计 follows the copy, then her own text
    const copied = sentenceOf('edu-01-online-engagement.md', '在线课程的完成率长期偏低', 3);
    const text = ['第一章 绪论', OWN_OPENING + copied, '第二章 研究设计', OWN_CLOSING].join('\n');
    const report = await check(text);
    expect(report.passages.map((p) => text.slice(p.start, p.end + 1))).toEqual([copied]);
    expect(report.chapters.map((c) => [c.title, c.matchedChars])).toEqual([
      ['第一章 绪论', countChars(copied)],
      ['第二章 研究设计', 0],
    ]);
    // the source's excerpt ends with the paragraph too (at its last word, as every excerpt does)
    expect(`${report.passages[0].sourceText}。`).toBe(copied);
  });
});

describe("a title and an opening of the writer's own on the subject of a copied sentence", () => {
  const id = 'lit-01-wang-zengqi.md';
  const copied = sentenceOf(id, '汪曾祺的小说以平淡');
  const closing = sentenceOf(id, '日常生活书写构成了');
  // the title and the opening share the subject's words (汪曾祺, 小说, 生活, 研究, 本文) with the source's abstract, here and there
  const text = `汪曾祺小说的生活美学研究\n\n摘要：本文讨论汪曾祺小说中的生活美学。${copied}\n\n第三章 结论\n\n${closing}`;

  test('are not marked with it: only the copied sentences are', async () => {
    const report = await check(text);
    expect(report.passages.map((p) => text.slice(p.start, p.end + 1))).toEqual([copied, closing]);
  });

  test('are not marked with it when the title opens with a year or a Latin word', async () => {
    for (const title of ['2023年汪曾祺小说的生活美学研究', 'AI视角下汪曾祺小说的生活美学研究']) {
      const titled = text.replace('汪曾祺小说的生活美学研究', title);
      const report = await check(titled);
      expect(report.passages.map((p) => titled.slice(p.start, p.end + 1))).toEqual([copied, closing]);
    }
  });

  test("an opening of one's own on the subject, a sentence of one's own after it, then copied sentences: only the copy is marked", async () => {
    // the opening shares 汪曾祺的, 小说 and 日常生活 with the source's abstract: a word or two in a row, no run of a rewrite
    const intro = sentenceOf(id, '汪曾祺在新时期复出后', 2);
    const paragraph = `本文尝试从日常生活的角度重新阅读汪曾祺的短篇小说。我在阅读中注意到，作者很少正面描写重大事件，而是把笔墨花在吃饭、赶集和节日这些琐碎的场景上。${intro}`;
    const report = await check(`${paragraph}\n${OWN_CLOSING}`);
    expect(report.passages.map((p) => paragraph.slice(p.start, p.end + 1))).toEqual([intro]);
  });

  test("a sentence copied whole shows its own place in the source, not the subject's words said earlier there", async () => {
    const report = await check(text);
    const last = report.passages[report.passages.length - 1];
    const source = corpus.get(id)!;
    expect(source.slice(last.sourceStart, last.sourceEnd + 1)).toBe(closing);
  });
});

test("the writer's few words before a sentence copied whole, in the same sentence, are not marked with it", async () => {
  const copied = sentenceOf('env-02-river-microplastics.md', '塑料制品在环境中经过风化', 2);
  const text = `${OWN_OPENING}\n据已有研究，${copied}\n${OWN_CLOSING}`;
  const report = await check(text);
  expect(report.passages.map((p) => text.slice(p.start, p.end))).toEqual([copied.slice(0, -1)]);
});

test('a copied sentence cut by a semicolon shows its own place in the source as its excerpt, not the abstract that names its terms', async () => {
  const id = 'env-01-urban-heat.md';
  const copied = sentenceOf(id, '绿地比例与地表温度显著负相关');
  const next = corpus.get(id)!.slice(corpus.get(id)!.indexOf(copied) + copied.length);
  const quoted = `${copied}${next.slice(0, next.indexOf('。'))}`;
  // its last clause (斑块密度的系数不显著) is shorter than the minimum; the abstract names 斑块密度 too
  const text = `${OWN_OPENING}\n研究发现，“${quoted}”[1]。\n${OWN_CLOSING}`;
  const report = await check(text);
  expect(report.passages).toHaveLength(1);
  expect(report.passages[0].sourceText).toBe(quoted);
});

describe('rewritten text (降重) and honest text of the same field', () => {
  /** A library of one manual page, the checked text against it. */
  function oneDocument(text: string) {
    const library = new CorpusIndex();
    library.addText('manual', text);
    return (paper: string) => checkText(paper, library, async () => text, { minMatch: 13 });
  }

  /** The paragraph, between the writer's own opening and closing, comes back as one passage of the campus-card paper: from its `skip`th character to its final 。 (punctuation). */
  async function expectOnePassage(paragraph: string, skip = 0) {
    const text = `${OWN_OPENING}\n${paragraph}\n${OWN_CLOSING}`;
    const report = await check(text);
    const at = text.indexOf(paragraph);
    expect(report.passages.map((p) => [p.sourceId, p.start, p.end])).toEqual([['cs-01-campus-card-recommendation.md', at + skip, at + paragraph.length - 1]]);
  }

  test('a paragraph with its sentences shuffled and a third of its words swapped is one passage, from its first word to its last', async () => {
    // the four sentences of the source in the order d, a, c, b, words swapped, a clause moved, a connective added
    const paragraph = [
      '据离线实验显示，同只采用历史次数的基线相比，前十项推荐的命中率提升了大约十一个百分点。',
      '高校食堂每日产出海量一卡通消费记录，这些记录体现了学生的口味偏好与就餐时间规律。',
      '方法首先按窗口和价格把交易复原成菜品选择，接着以学生—菜品矩阵训练隐因子模型，并且在评分里引入就餐时段与季节特征。',
      '本文以某高校一学期的匿名消费数据为依据，给出一种融合协同过滤与时间上下文的菜品推荐方法。',
    ].join('');
    await expectOnePassage(paragraph, 1); // 据, put first by the rewriter, stands for nothing in the source
  });

  test('a rewritten paragraph with a clause of other words in the middle of a sentence is one passage', async () => {
    // the abstract's first, third and second sentences; in the third, 再以学生—菜品矩阵训练隐因子模型 told in other words
    const paragraph = [
      '高校食堂每天产生大量一卡通消费记录，这些记录反映了学生的口味偏好和就餐时间规律。',
      '方法先按窗口和价格把交易还原为菜品选择，随后依照每位同学过往的点餐习惯估计口味，并在打分中加入就餐时段和季节特征。',
      '本文以某高校一学期的匿名消费数据为基础，提出一种结合协同过滤与时间上下文的菜品推荐方法。',
    ].join('');
    await expectOnePassage(paragraph);
  });

  test('a short sentence rewritten past recognition between two of a rewrite is inside its one passage', async () => {
    // the abstract's first and second sentences, and between them its last one told in eight words of other characters
    await expectOnePassage(
      '高校食堂每天产生大量一卡通消费记录，这些记录反映了学生的口味偏好和就餐时间规律。线下测试说明新办法猜中的菜多了不少。本文以某高校一学期的匿名消费数据为基础，提出一种结合协同过滤与时间上下文的菜品推荐方法。',
    );
  });

  test('a sentence rewritten past recognition in its place, between the two it stands between in the source, is inside the one passage', async () => {
    // the abstract's first three sentences, the second told in other words of about its length
    await expectOnePassage(
      '高校食堂每天产生大量一卡通消费记录，这些记录反映了学生的口味偏好和就餐时间规律。笔者拿一所大学一个学期不记名的刷卡流水做材料，设计了一套把相似用户推荐和用餐钟点结合起来的选菜办法。方法先按窗口和价格把交易还原为菜品选择，再以学生—菜品矩阵训练隐因子模型，并在打分中加入就餐时段和季节特征。',
    );
  });

  test("the writer's own sentence between two copied ones is not marked, though it uses the source's terms", async () => {
    const own = '笔者所在学校的食堂每到中午也要排很长的队，';
    const paragraph = `高校食堂每天产生大量一卡通消费记录，这些记录反映了学生的口味偏好和就餐时间规律。${own}学生的就餐时间很集中。本文以某高校一学期的匿名消费数据为基础，提出一种结合协同过滤与时间上下文的菜品推荐方法。`;
    const text = `${OWN_OPENING}\n${paragraph}\n${OWN_CLOSING}`;
    const report = await check(text);
    const from = text.indexOf(own);
    expect(report.passages.length).toBeGreaterThan(0);
    expect(report.passages.filter((p) => p.start < from + own.length && p.end > from)).toEqual([]);
  });

  /** The English paragraph, between sentences of the writer's own, comes back as one passage of `source`: from its first word to its final full stop. */
  async function expectOneEnglishPassage(source: string, paragraph: string) {
    const text = `My own survey asked forty classmates where they prefer to study and why.\n${paragraph}\nMost of them still chose the reading hall.`;
    const report = await oneDocument(source)(text);
    const at = text.indexOf(paragraph);
    expect(report.passages.map((p) => [p.start, p.end])).toEqual([[at, at + paragraph.length - 1]]);
  }

  test("is one passage across a moved clause where a few words stand for the source's other words and the function words it dropped", async () => {
    // the source's second sentence with its middle clause put first; "a normal time slot" stands for "with a default length of
    // booking", "to" dropped: between "(rule twelve)" and "of two hours" the source has four words besides function words
    const source = [
      'The reading room opens at eight in the morning and closes at ten at night.',
      'Up to and including the spring term, this limit was set by the library committee (rule twelve), and the number of seats that students can book was up to forty, with a default length of booking of two hours.',
      'Since the autumn term the limit is set each week by the staff on duty, and a notice in the hall shows how many seats are in use.',
    ].join(' ');
    const paragraph =
      'the number of seats that students can book was up forty, spring term, limit was set by the library committee (rule twelve), a normal time slot of two hours. Since the autumn term the limit is set each week by staff on duty.';
    await expectOneEnglishPassage(source, paragraph);
  });

  test('is one passage when the sentence it leaves out between two it tells is cut into pieces by full stops in names', async () => {
    // the source's third and first sentences, words swapped; its second (thesis.2019.pdf) reads as five pieces, left out as one
    const source = [
      'The archive server keeps every thesis the school has accepted since the year two thousand.',
      'Scanned copies arrive as files named like thesis.2019.pdf or thesis.2020.pdf, and the older ones are stored as image bundles that need a separate viewer on most computers in the lab.',
      'Each record lists the author, the supervisor and the date of the defence.',
    ].join(' ');
    const paragraph =
      'Every entry names the author, the supervisor and the date of the defence. The archive server keeps each thesis the school took in after the year two thousand.';
    await expectOneEnglishPassage(source, paragraph);
  });

  describe('a short English paragraph of two rewritten sentences', () => {
    const manual = [
      'The library booking service lets students reserve a study room for up to three hours at a time.',
      'Each reservation is confirmed by email and released automatically when nobody checks in within fifteen minutes.',
      'Staff can see the occupancy of every floor on a dashboard that refreshes every minute during opening hours.',
      'In the first term the share of rooms left empty after booking fell from a third to less than a tenth.',
      'Students asked most often for longer bookings before examinations and for rooms with power sockets.',
    ];
    const opening = 'My own survey asked forty classmates where they prefer to study and why.';
    const closing = 'Most of them still chose the reading hall because it is quiet and close to the canteen.';
    // the source's third sentence split in two, then its second: words swapped, a connective added; no unbroken run of the minimum
    const third = 'Moreover, staff can see the occupancy of each floor. It is on a dashboard that refreshes every minute during opening hours.';
    const second = 'Every reservation is confirmed by email and freed automatically when nobody checks in within twenty minutes.';

    /** The passages (as places in the paper) of a paragraph between the writer's own sentences, checked against the manual; and the paper. */
    async function passagesIn(paragraph: string) {
      const text = `${opening}\n${paragraph}\n${closing}`;
      const report = await oneDocument(manual.join(' '))(text);
      return { text, found: report.passages.map((p) => [p.start, p.end]) };
    }
    /** Where `words` end in `text`. */
    const endOf = (text: string, words: string) => text.indexOf(words) + words.length;

    test('is one passage when the two follow each other in the source, shuffled and one of them split', async () => {
      const { text, found } = await passagesIn(`${third} ${second}`);
      // from the first words shared (the connective the rewriter put first stands for nothing in the
      // source) to the sentence's end (twenty stands for the source's fifteen)
      expect(found).toEqual([[text.indexOf('staff'), endOf(text, 'within twenty minutes')]]);
    });

    test('is one passage when the two follow each other in the source with fewer words shared: more than an honest sentence of the field shares, three-fifths of their words', async () => {
      // the source's third sentence and its second, words swapped and dropped: 18 of 30 words shared, under 1.5 times the minimum
      const { text, found } = await passagesIn(
        'Staff can view each floor on a screen that refreshes every minute during opening hours. Every booking is confirmed by mail and freed when no one arrives within fifteen minutes.',
      );
      // from the sentence's first word: the four before the first three shared in order (seven words
      // of the source's stand before those) share two of theirs, a third, with the source's sentence
      expect(found).toEqual([[text.indexOf('Staff can view'), endOf(text, 'within fifteen minutes')]]);
    });

    test("is one passage when a merged sentence's second half is reworded too far to align alone, next to the stretch the rest aligns with", async () => {
      // the source's fourth sentence, then its second merged with its third; the third shares a quarter of its word pairs, short of the share that aligns alone
      const { text, found } = await passagesIn(
        'In the first term the share of rooms left vacant after reserving dropped from a third to under a tenth. Every reservation is confirmed by email and freed automatically when nobody checks in within fifteen minutes, and staff can see how full each floor is on a dashboard that updates each minute while the library is open.',
      );
      // to the sentence's end: the last content word shared (minute), two swapped words before it, leaves five words,
      // which stand for the source's three there (during opening hours)
      expect(found).toEqual([[text.indexOf('In the first term'), endOf(text, 'the library is open')]]);
    });

    test('is one passage when, shuffled, a sentence reworded too far to align alone stands two away from the one telling its neighbour in the source', async () => {
      // the source's third, fourth and second sentences: the last shares 5 of its 17 word pairs with the second (of 14), short of the share that aligns alone
      const { text, found } = await passagesIn(
        'Staff can view the occupancy of every floor on a screen that refreshes every minute while the library is open. In the first term the share of rooms left vacant after reserving dropped from a third to under a tenth. Any booking gets confirmed by mail and is freed by itself when nobody checks in inside fifteen minutes.',
      );
      expect(found).toEqual([[text.indexOf('Staff can view'), endOf(text, 'fifteen minutes')]]);
    });

    test('is one passage across the start of a sentence where its words are shared in pairs only: the words the source does not have are few', async () => {
      // the source's third sentence with six words of the writer's at its end, then its second, which
      // opens with twelve words before three shared in order; three of them content words shared with
      // the source (reservation, email, checks): fifteen different words between the two
      const { text, found } = await passagesIn(
        'Moreover, staff can see the occupancy of each floor on a dashboard that refreshes every minute during opening hours, as the library told us then. Each reservation sent by email will, if nobody checks, be at last confirmed by email and released automatically when nobody checks in within twenty minutes.',
      );
      expect(found).toEqual([[text.indexOf('staff'), endOf(text, 'within twenty minutes')]]);
    });

    test("is two passages when the writer's own clause between them shares only function words with the source (in the)", async () => {
      // the source's second sentence, the writer's sentence opening with a phrase of the fourth, then the fourth
      const own = 'in the evening is higher, and the students who book them say the email comes too late';
      const { text, found } = await passagesIn(
        `Each reservation is confirmed by email and released automatically when nobody checks in within twenty minutes. Our own count shows that the share of rooms left empty ${own}. In the first term the share of rooms left vacant after booking dropped from a third to under a tenth.`,
      );
      const from = text.indexOf(own);
      expect(found.length).toBeGreaterThan(0);
      expect(found.filter(([start, end]) => start < from + own.length && end > from)).toEqual([]);
    });

    test('is one passage when a sentence reworded too far to align alone tells a source sentence two away from the one its neighbour tells', async () => {
      // the source's fourth sentence, then its second, which shares 5 of its 15 word pairs, short of the share that aligns alone
      const { text, found } = await passagesIn(
        'In the first term the share of rooms left vacant after reserving dropped from a third to under a tenth. Any booking is confirmed by email, then freed if no one checks in inside fifteen minutes.',
      );
      expect(found).toEqual([[text.indexOf('In the first term'), endOf(text, 'inside fifteen minutes')]]);
    });

    test("is one passage across a sentence told past recognition in its place, though the rewrite put the source's first sentence last", async () => {
      // the source's second sentence, its third in other words of about its length, then its fourth and, moved to the end, its first:
      // the pieces meet in the source's order where one ends and the next begins, though the second also tells what came before
      const { text, found } = await passagesIn(
        'Each reservation is confirmed by mail and freed automatically when nobody checks in within fifteen minutes. Librarians watch how full each storey is on a live panel updated each sixty seconds while the doors stay open. In the first term the share of rooms left vacant after reserving dropped from a third to under a tenth. The library booking service lets students hold a study room for at most three hours at once.',
      );
      expect(found).toEqual([[text.indexOf('Each reservation'), endOf(text, 'three hours at once')]]);
    });

    test('is one passage when a sentence told only weakly fills the gap between those it stands between in the source', async () => {
      // the source's second, first, third and fifth sentences, words swapped: 29 shared words; the third shares three word pairs
      // (aligned weakly, no evidence), yet it is told, so only the fourth is left out and the four tell one stretch
      const paragraph =
        'Each reservation is confirmed by mail and freed when nobody turns up within a quarter hour. The library booking service lets pupils reserve a study room for at most three hours. Staff see every floor on a big screen. Students asked most often for longer bookings before exams and for desks with sockets.';
      const { text, found } = await passagesIn(paragraph);
      expect(found).toEqual([[text.indexOf('Each reservation'), endOf(text, 'with sockets')]]);
    });

    test("is one passage to the end of its last sentence where the rewrite kept the source's words there one by one, hardly any of them in pairs", async () => {
      // the source's third sentence, then its second: after "released automatically when nobody" the source's pairs stop, but
      // checks, within, fifteen and minutes are the source sentence's words too (4 of the 8 words after them)
      const { text, found } = await passagesIn(
        'Staff can see the occupancy of every floor on a dashboard that refreshes every minute during opening hours. Each reservation is confirmed by email and then quietly released, automatically, when nobody really checks anything, within about fifteen short minutes.',
      );
      expect(found).toEqual([[text.indexOf('Staff can see'), endOf(text, 'fifteen short minutes')]]);
    });

    test('is one passage up to the last content word the rewrite kept past its runs, a swapped word before it, and no further', async () => {
      // the source's fifth sentence with its opening reworded, then its fourth: after "the share of" the runs stop, but rooms
      // is the source sentence's word too, one word (idle) away; the rest of the sentence shares nothing
      const { text, found } = await passagesIn(
        'Students in those weeks asked, above all else, for longer sessions with the staff before examinations and for rooms with power sockets. In the first term the share of idle rooms dropped to a fifth.',
      );
      expect(found).toEqual([[text.indexOf('before examinations'), endOf(text, 'idle rooms')]]);
    });

    test('is one passage with a sentence next to it reworded past its word pairs, where it keeps half of its content words from the source sentence beside those told', async () => {
      // the source's third and second sentences, then its fourth, which shares four of its seventeen word pairs (share of, a
      // tenth, from a, a third), under the two-fifths that align it weakly, but six of its eleven content words
      const { text, found } = await passagesIn(
        'Staff can see the occupancy of every floor on a dashboard that refreshes every minute during opening hours. Each reservation is confirmed by email and released automatically when nobody checks in within twenty minutes. Term one saw empty rooms fall as a share of bookings, down to a tenth from a third.',
      );
      expect(found).toEqual([[text.indexOf('Staff can see'), endOf(text, 'from a third')]]);
    });

    test('is no passage when a sentence sharing only content words with the source is all that makes a stretch of two sentences three apart', async () => {
      // the source's second and fifth sentences, eight and seven words shared; between them a sentence with five of the third's content words
      const { found } = await passagesIn(
        'Each reservation is confirmed by email and released when the tutor says so. The dashboard showing floor occupancy is something staff check each minute. Students asked most often for longer bookings, and the tutors agreed to try it.',
      );
      expect(found).toEqual([]);
    });

    test('is one passage with a sentence before one copied but for its last words, told in three word pairs of the next sentence of the source', async () => {
      // the source's third sentence in a few words, then its second with fourteen of its sixteen words in a row (an unbroken run of the minimum)
      const { text, found } = await passagesIn(
        'Staff see every floor on a big screen. Each reservation is confirmed by email and released automatically when nobody checks in within twenty minutes.',
      );
      expect(found).toEqual([[text.indexOf('Staff see'), endOf(text, 'within twenty minutes')]]);
    });

    test('is no passage when a sentence aligned by its content words alone stands between two paragraphs that each share too little', async () => {
      // a paragraph ending with the source's second sentence's first ten words, and a sentence with content words of its fourth; the next opens with its third's first ten
      const text = `${opening}\nEach reservation is confirmed by email and released automatically when the student asks. Our term saw empty rooms share fewer bookings than a third.\nStaff can see the occupancy of every floor on a board in the lobby, as we noticed.\n${closing}`;
      const report = await oneDocument(manual.join(' '))(text);
      expect(report.passages).toEqual([]);
    });

    test('is one passage when the two stand one sentence apart in the source, the one between left out', async () => {
      // the source's second and fourth sentences, words swapped (no unbroken run of the minimum, short of the dense share)
      const { text, found } = await passagesIn(
        'Each reservation is confirmed by mail and released on its own when nobody checks in within fifteen minutes. In the first term the share of rooms left vacant after reserving dropped from a third to under a tenth.',
      );
      expect(found).toEqual([[text.indexOf('Each reservation'), endOf(text, 'from a third to under a tenth')]]);
    });

    test('is one passage when the sentence left out between them is cut into pieces by quoted full stops', async () => {
      // the source's third sentence reads as three short sentences ("." ends one); the same paper as above, second and fourth
      const pieces = [...manual.slice(0, 2), 'Staff mark a full floor with "." and a closed one with ".." on the dashboard.', ...manual.slice(3)];
      const text = `${opening}\nEach reservation is confirmed by mail and released on its own when nobody checks in within fifteen minutes. In the first term the share of rooms left vacant after reserving dropped from a third to under a tenth.\n${closing}`;
      const report = await oneDocument(pieces.join(' '))(text);
      expect(report.passages.map((p) => [p.start, p.end])).toEqual([[text.indexOf('Each reservation'), endOf(text, 'from a third to under a tenth')]]);
    });

    test('is one passage when, merged into one sentence with under three-fifths of its words shared, its clauses keep runs of four or more words in order', async () => {
      // the source's third sentence, then its second, merged: 20 of 43 words shared, most of them in runs such as "is confirmed by email and"
      const { text, found } = await passagesIn(
        'In fact, staff can see the occupancy of every floor on a big screen that is renewed each minute while the building is open, and each reservation is confirmed by email and cancelled by the system when no student arrives within fifteen minutes.',
      );
      expect(found).toEqual([[text.indexOf('staff'), endOf(text, 'fifteen minutes')]]);
    });

    test('is one passage when, merged into one sentence longer than either, two sentences each share under the aligning share of their word pairs, and together that share of its own', async () => {
      // a manual with longer second and third sentences: the merged sentence shares 11 of the one's 30 pairs and 8 of the other's 27, 19 of its 45
      const longer = [
        manual[0],
        'Staff can see the occupancy of every floor and every single room on a large dashboard in the entrance hall that refreshes every minute during the opening hours of the library.',
        'Each reservation is confirmed by email within a few seconds and released automatically to the next student on the waiting list when nobody checks in within fifteen minutes.',
        manual[4],
      ];
      const merged =
        'Staff can see the occupancy of every floor on a screen in the hall that is renewed each minute while the library is open, and each reservation is confirmed by email at once and handed to whoever waits when nobody checks in inside a quarter hour';
      const text = `${opening}\n${merged}.\n${closing}`;
      const report = await oneDocument(longer.join(' '))(text);
      expect(report.passages.map((p) => [p.start, p.end])).toEqual([[text.indexOf(merged), endOf(text, merged)]]);
    });

    test('is one passage when they follow each other in the source, under three-fifths of their words shared and under three-fifths of those in runs, the one making up for the other', async () => {
      // the source's third sentence and its second, words swapped and added: 24 of 41 words shared, 10 of them in runs of four or more
      const { text, found } = await passagesIn(
        'Staff can watch the occupancy of every floor of the building on a dashboard which refreshes every minute in opening hours. Each reservation is confirmed by mail and freed on its own when nobody has checked in within a quarter hour.',
      );
      // from the sentence's first word (two words before three shared in order) to the last three shared: more than five different words follow them
      expect(found).toEqual([[text.indexOf('Staff can watch'), endOf(text, 'is confirmed by')]]);
    });

    test('is one passage when they follow each other in the source, with their share of words and the share of those in runs adding up to just under one', async () => {
      // 23 of 41 words shared (0.56), 10 of them in runs of four or more (0.43): a screen for a dashboard
      const { text, found } = await passagesIn(
        'Staff can watch the occupancy of every floor of the building on a screen which refreshes every minute in opening hours. Each reservation is confirmed by mail and freed on its own when nobody has checked in within a quarter hour.',
      );
      expect(found).toEqual([[text.indexOf('Staff can watch'), endOf(text, 'is confirmed by')]]);
    });

    test('is one passage when they share twice the minimum at four-fifths of their words, wherever in the source they come from', async () => {
      // the source's first and fourth sentences, one word in six swapped: no unbroken run of nine, no stretch
      const { text, found } = await passagesIn(
        'The library booking service lets pupils reserve a study room for up to four hours at once. In the first term the portion of rooms left vacant after booking fell from a third to under a tenth.',
      );
      expect(found).toEqual([[text.indexOf('The library'), endOf(text, 'from a third to under a tenth')]]);
    });

    test('is no passage when they come from here and there in the source: honest text of the same field', async () => {
      // the same two sentences against a manual where they stand apart, with other sentences between them
      const check = oneDocument([manual[1], manual[0], manual[3], manual[4], manual[2]].join(' '));
      const report = await check(`${opening}\n${third} ${second}\n${closing}`);
      expect(report.passages).toEqual([]);
    });

    test("is one passage from the sentence's first word where a word with an apostrophe (student's) stands before the first words shared: no quotation mark", async () => {
      const { text, found } = await passagesIn(
        `Every student's reservation is confirmed by email and freed automatically when nobody checks in within twenty minutes. ${third}`,
      );
      expect(found).toEqual([[text.indexOf('Every'), endOf(text, 'during opening hours')]]);
    });

    describe('a long sentence told again with words swapped and its clauses kept in runs, under four-fifths of its shared words in them', () => {
      const printing = [
        'The printing service charges each page to the student card.',
        'Pages that fail to print because the paper jams are refunded automatically within two working days of the report, and the refund appears on the card statement at the end of the month.',
        'Colour pages cost five times as much as black and white ones.',
        'Staff empty the paper bins every evening.',
      ];
      const check = oneDocument(printing.join(' '));
      const paper = (paragraph: string) => `${opening}\n${paragraph}\n${closing}`;
      // the second sentence told again: 21 of its 34 words shared, 16 of them in runs
      const refund =
        'Sheets that fail to print since the paper jams get repaid by itself inside two working days of the complaint, and the money appears on the card statement at the close of each month.';

      /** The passages of the refund told again and `after` it, against the manual's first two sentences and `third`; and the paper. */
      async function refundThen(third: string, after: string) {
        const text = paper(`${refund} ${after}`);
        const report = await oneDocument([...printing.slice(0, 2), third].join(' '))(text);
        return { text, found: report.passages.map((p) => [p.start, p.end]) };
      }

      test('is one passage when it shares more than an honest sentence of the field shares: 21 of its 34 words, 16 of them in runs', async () => {
        const report = await check(paper(refund));
        expect(report.passages.map((p) => [p.start, p.end])).toEqual([[paper(refund).indexOf('Sheets'), endOf(paper(refund), 'close of each month')]]);
      });

      test('is one passage when a clause moved to its start leaves the rest of the source between two of its pieces, told in about as many words', async () => {
        // the source's middle clause first, then its opening (the paper jams told in eight words for four), then its last clause
        const told =
          'Refunds are made automatically within two working days of the report for pages that fail to print as the sheets get stuck in the feeder, and the refund appears on the card statement at the end of the month.';
        const report = await check(paper(told));
        expect(report.passages.map((p) => [p.start, p.end])).toEqual([[paper(told).indexOf('Refunds'), endOf(paper(told), 'end of the month')]]);
      });

      test("is one passage to the sentence's end where it holds most of the sentence and a swapped word or two stand last", async () => {
        // seven words of the writer's first, then the sentence told with words swapped, its last three words close of month
        const told =
          'Writers of the campus guide tell us that sheets that fail to print because the paper jams get repaid automatically within two working days of the complaint, and the money appears on the card statement at the close of month.';
        const report = await check(paper(told));
        expect(report.passages.map((p) => [p.start, p.end])).toEqual([[paper(told).indexOf('that fail'), endOf(paper(told), 'close of month')]]);
      });

      test("is one passage to the end of the sentence after it across a colon the source has there too: the copy's, no quotation of the writer's", async () => {
        const { text, found } = await refundThen(
          'Students print at the entrance machines with three kinds of paper: plain, recycled and photo.',
          'Students print at the entrance machines with three kinds of paper: reused, plain and glossy.',
        );
        expect(found).toEqual([[text.indexOf('Sheets'), endOf(text, 'plain and glossy')]]);
      });

      test('is one passage to the end of the sentence after it across a colon its source sentence has before the words told last', async () => {
        // the source sentence's clauses swapped: what follows its colon told first, the colon and the sizes after it
        const { text, found } = await refundThen(
          'The paper sizes allowed are: letter, legal and poster, each printed on a tray of its own.',
          'Each is printed on a tray of its own, with sizes permitted: letter, legal, poster.',
        );
        expect(found).toEqual([[text.indexOf('Sheets'), endOf(text, 'letter, legal, poster')]]);
      });

      test("is one passage from the sentence's first word where the writer's four words before it stand for the source's six", async () => {
        const lost = oneDocument(
          'Pages lost to paper jams are refunded automatically within two working days of the report, and the refund appears on the card statement at the end of the month. Staff empty the paper bins every evening.',
        );
        const told =
          'Any jammed sheet is refunded automatically within two working days of the report, and the money appears on the card statement at the end of the month.';
        const report = await lost(paper(told));
        expect(report.passages.map((p) => [p.start, p.end])).toEqual([[paper(told).indexOf('Any'), endOf(paper(told), 'end of the month')]]);
      });

      describe('sharing 18 of its 29 words, as much as a stock sentence of the field', () => {
        const told =
          'Sheets that fail to print since the paper jams get repaid within a few days, and the money shows on the card statement at the close of the month.';

        test('is one passage with the short sentence after it that tells the next sentence of the source in three word pairs', async () => {
          const text = paper(`${told} Colour costs five times as much.`);
          const report = await check(text);
          expect(report.passages.map((p) => [p.start, p.end])).toEqual([[text.indexOf('Sheets'), endOf(text, 'five times as much')]]);
        });

        test('is no passage alone', async () => {
          expect((await check(paper(told))).passages).toEqual([]);
        });
      });
    });

    test('is one passage when the two follow each other in the source and share 15 words, three-fifths of theirs, all of them in runs', async () => {
      // the source's third and fourth sentences, words swapped; the marks cover the runs they share,
      // what lies between, and the content words shared beyond them a word or two apart (Staff, rooms)
      const { text, found } = await passagesIn(
        'Staff view every floor on a screen that refreshes every minute. In the first term the share of idle rooms dropped to a fifth.',
      );
      expect(found).toEqual([[text.indexOf('Staff view'), endOf(text, 'idle rooms')]]);
    });

    test("is one passage when it is instead one long sentence told again, three-quarters of its words shared, most of them in the source's order", async () => {
      // a source sentence of 33 words told with words swapped: 26 of 35 shared, in runs of six at most, four-fifths in runs of four or more
      const long =
        'Students who book a room during the examination weeks must bring their card to the front desk, show the confirmation on their phone and return the key before the library closes at ten.';
      const check = oneDocument([manual[0], long, manual[2]].join(' '));
      const text = `${opening}\nStudents who book a room in the examination weeks have to bring their card to the front office, show the confirmation on their mobile and give back the key before the library shuts at ten.\n${closing}`;
      const report = await check(text);
      expect(report.passages.map((p) => [p.start, p.end])).toEqual([[text.indexOf('Students who'), endOf(text, 'before the library shuts at ten')]]);
    });

    test('is one passage when one long source sentence is told again as two, its halves swapped, three-quarters of their words shared, most of them in order', async () => {
      // a source sentence of 37 words split in two, second half first: 28 of 36 words shared, in runs of twelve at most, nine-tenths in runs of four or more
      const long =
        'Every printed page is charged to the student card at the end of the month, and pages that fail to print because of a paper jam are refunded automatically within two working days of the report.';
      const check = oneDocument([manual[0], long, manual[2]].join(' '));
      const text = `${opening}\nPages that fail to print because of a paper jam are refunded within two working days, as a rule. In practice, every printed page simply goes onto the student card at the end of the month.\n${closing}`;
      const report = await check(text);
      expect(report.passages.map((p) => [p.start, p.end])).toEqual([[text.indexOf('Pages that'), endOf(text, 'at the end of the month')]]);
    });

    test('is one passage when no five words in a row are left as the source has them: the source is found by its content words', async () => {
      // the source's third sentence and its second, words swapped: runs of four words at most, 27 of 35 words shared
      const { text, found } = await passagesIn(
        'Staff can view the occupancy of each floor on a screen that refreshes every single minute during opening hours. Every reservation is confirmed by mail and released automatically once nobody checks in inside fifteen minutes.',
      );
      expect(found).toEqual([[text.indexOf('Staff can view'), endOf(text, 'inside fifteen minutes')]]);
    });

    test('is one passage when a sentence shares a few word pairs with a sentence elsewhere in the source too: it tells the sentence its words were found in', async () => {
      // the source's third sentence and its second, 26 of 35 words shared, against the manual with a
      // short sentence at its end holding four of the second's word pairs, each of them in the
      // source's second sentence as well: the second tells that one alone, and the two one stretch
      const check = oneDocument([...manual, 'A reservation is confirmed by email.'].join(' '));
      const text = `${opening}\nStaff can view the occupancy of each floor on a screen that refreshes every single minute during office hours. Every reservation is confirmed by email and released automatically once nobody checks in inside fifteen minutes.\n${closing}`;
      const report = await check(text);
      expect(report.passages.map((p) => [p.start, p.end])).toEqual([[text.indexOf('Staff can view'), endOf(text, 'inside fifteen minutes')]]);
    });
  });

  test("a field's stock opening sentence, told in the writer's own way, is no passage", async () => {
    const check = oneDocument(
      'Small objects are hard to find in aerial pictures. In this paper we propose a new method for the detection of small objects in remote sensing images based on deep learning. The method adds a second branch that looks at the image at twice the resolution.',
    );
    const report = await check(
      'My project counts the cars parked on our campus from the library roof.\nIn this paper, we propose a novel method for the detection of objects in images based on deep learning. We test it on two hundred photographs taken over a month.\nIt finds nine cars in ten, and misses mostly those under trees.',
    );
    expect(report.passages).toEqual([]);
  });

  test('two stock phrases of the field with different words between them are two passages, never one', async () => {
    const menuPath = '依次打开工具菜单中的选项页面然后点击高级设置';
    const command = '运行系统自带的磁盘清理工具来释放空间';
    const check = oneDocument(
      `${'软件安装完成以后第一次启动时会检查更新'.repeat(2)}。在界面上${menuPath}，再在弹出的窗口里${command}。${'如果仍然无法解决请联系管理员'.repeat(2)}。`,
    );
    const report = await check(`${OWN_OPENING}我按照说明${menuPath}，之后等了好几分钟都没有任何反应，只好${command}。${OWN_CLOSING}`);
    expect(report.passages.map((p) => p.sourceText)).toEqual([menuPath, command]);
  });

  test("two programs' include lines, eight words and five in common with a header of each one's own between, are no passage", async () => {
    const check = oneDocument(
      'The example below watches a directory and prints each event.\n#include <errno.h>\n#include <poll.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <sys/inotify.h>\n#include <unistd.h>\n#include <string.h>\n/* Read all available inotify events from the file descriptor fd. */\n',
    );
    // h include stdio h include stdlib h include: eight; time against sys inotify; h include unistd h include: five
    const report = await check(
      'My program prints the current time every second until it is stopped.\n#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <time.h>\n#include <unistd.h>\n#include <signal.h>\nint main(void) { for (;;) { print_time(); sleep(1); } }\n',
    );
    expect(report.passages).toEqual([]);
  });

  test('on an honest page of the same field, the marks cover only the characters it shares with the source', async () => {
    const stock = '打开控制面板中的网络和共享中心';
    const check = oneDocument(
      `${'连接无线网络之前请先确认网卡驱动已经安装'.repeat(2)}。${stock}以后选择左侧的更改适配器设置，右键单击无线网络连接并选择属性。${'如果仍然无法连接请重新启动路由器'.repeat(2)}。`,
    );
    // the page shares the stock phrase and, ten characters of its own further on, 左侧的更改适配器设置 (too short to report)
    const report = await check(`${OWN_OPENING}我的做法是${stock}，这步大家都熟悉了，再看左侧的更改适配器设置里有没有无线网卡。${OWN_CLOSING}`);
    expect(report.passages.map((p) => p.sourceText)).toEqual([stock]);
    expect(report.matchedChars).toBe(countChars(stock));
  });
});
