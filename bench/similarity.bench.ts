/**
 * The plagiarism engine's speed beside @dodona/dolos-core (an existing winnowing engine) on the same
 * texts in the same run, Chinese and English: indexing and per-pair comparison as ratios against
 * dolos-core, and one 50,000-character paper against a large corpus (BENCH_CORPUS_CHARS, default
 * 20 million), built the way the server builds it, in a process of its own: build speed and
 * memory, the snapshot written and loaded, and the first check after a restart. Accuracy is
 * measured by accuracy.bench.ts.
 */
import { performance } from 'perf_hooks';
import { chainRuns, growSeeds } from '../server/src/engines/similarity/align';
import { checkText } from '../server/src/engines/similarity/check';
import { commonLimit, CorpusIndex, K, queryGrams, W } from '../server/src/engines/similarity/corpusIndex';
import { kgramHashes } from '../server/src/engines/similarity/fingerprint';
import { tokenize, type Token } from '../server/src/engines/similarity/normalize';
import { TokenSeq } from '../server/src/engines/similarity/tokenSeq';
import { spawnSync } from 'child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'fs';
import { loadavg, tmpdir } from 'os';
import { createCorpus, type Library } from '../server/src/modules/review/corpus';
import { SNAPSHOT_NAME } from '../server/src/modules/review/indexFile';
import { join } from 'path';
import { random } from './accuracySet';
import { realText, type Language } from './realText';
import { repetitiveLibrary } from './repetitiveLibrary';

const MIN_MATCH = 13; // the undergraduate system's shortest reported passage
const CORPUS_CHARS = Number(process.env.BENCH_CORPUS_CHARS || 20_000_000);
const PEER_CHARS = Number(process.env.BENCH_PEER_CHARS || 2_000_000);
/** The flags of `npm run bench`, for the processes this one starts. */
const NODE_FLAGS = ['--max-old-space-size=16384', '--expose-gc'];
/** Checks of the large corpus before the timed ones (the engine compiled as a running server's is), and the timed ones. */
const WARM_CHECKS = 3;
const TIMED_CHECKS = 7;

/**
 * The large corpus's kinds: `unique`, synthetic text of real frequencies where no passage repeats;
 * `repetitive`, real text in many versions with shared boilerplate (repetitiveLibrary.ts), where
 * most k-grams stand in many documents.
 */
const LIBRARY_KINDS = ['unique', 'repetitive'] as const;
type LibraryKind = (typeof LIBRARY_KINDS)[number];
const largeLibrary = (language: Language, kind: LibraryKind) =>
  kind === 'unique' ? syntheticCorpus(language, CORPUS_CHARS) : repetitiveLibrary(language, CORPUS_CHARS);

type Dolos = typeof import('@dodona/dolos-core');
let dolos: Dolos;

/** A text as dolos-core takes it: our tokens, each mapped to its characters. */
function dolosFile(name: string, text: string, tokens: Token[]) {
  const { File, TokenizedFile, Region } = dolos;
  return new TokenizedFile(
    new File(name, text),
    tokens.map((t) => t.value),
    tokens.map((t) => new Region(0, t.start, 0, t.end)),
  );
}

const ms = (from: number) => performance.now() - from;
/**
 * Processor time this process has had, in ms: beside the time on the clock, what a step cost when
 * other work shares the machine's cores (the clock then counts the waits for a core too).
 */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const fixed = (n: number, digits = 3) => n.toFixed(digits);

/**
 * The Chinese characters (of Debian's Chinese manual pages) or English words (of its English ones)
 * as often as they occur there (realText.ts): text nobody here wrote.
 */
const manualUnits = (language: Language) => {
  const text = realText(language).corpus.join(' ');
  return language === 'zh' ? [...text].filter((c) => /[\u4e00-\u9fff]/.test(c)) : (text.match(/[A-Za-z]+/g) ?? []);
};

/** What synthetic text of a language is drawn from, made once per run. */
const alphabets = new Map<Language, string[]>();
const alphabetOf = (language: Language) => {
  if (!alphabets.has(language)) alphabets.set(language, manualUnits(language));
  return alphabets.get(language)!;
};

/**
 * Text with real character (Chinese) or word (English) frequencies: realistic k-gram statistics at
 * any size. Joined from parts, so each text is one flat string as the database hands it over (a
 * string grown by += is a rope, slower to read).
 */
function syntheticCorpus(language: Language, chars: number, docChars = 50_000, seed = 7) {
  const alphabet = alphabetOf(language);
  const next = random(seed);
  const docs = new Map<string, string>();
  for (let made = 0, n = 0; made < chars; n += 1) {
    const parts: string[] = [];
    let length = 0;
    for (let i = 0; length < docChars; i += 1) {
      const unit = alphabet[Math.floor(next() * alphabet.length)];
      const end = language === 'zh' ? (i % 40 === 39 ? '。\n' : '') : i % 100 === 99 ? '.\n' : i % 15 === 14 ? '. ' : ' ';
      parts.push(unit, end);
      length += unit.length + end.length;
    }
    const text = parts.join('');
    docs.set(`synthetic-${n}`, text);
    made += text.length;
  }
  return docs;
}

/** A 50,000-character paper of its own text, with ten passages of 200 characters from corpus documents; another `seed`, another paper. */
function thesisFrom(language: Language, corpus: Map<string, string>, seed = 11) {
  const next = random(seed);
  const ids = [...corpus.keys()];
  const own = syntheticCorpus(language, 50_000, 50_000, seed + 2)
    .values()
    .next().value as string;
  const parts: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const source = corpus.get(ids[Math.floor(next() * ids.length)])!;
    const at = Math.floor(next() * (source.length - 200));
    parts.push(own.slice(i * 4_800, (i + 1) * 4_800), source.slice(at, at + 200));
  }
  return parts.join('');
}

async function speed(language: Language) {
  console.log(`\n${language === 'zh' ? 'Chinese' : 'English'}: speed (median of 3 where repeated)`);
  // indexing, ours and dolos-core, on the same documents
  const peerCorpus = syntheticCorpus(language, PEER_CHARS);
  const peerTokens = new Map([...peerCorpus].map(([id, text]) => [id, tokenize(text)]));
  let start = performance.now();
  const ours = new CorpusIndex();
  for (const [id, tokens] of peerTokens) ours.add(id, tokens);
  const oursIndexMs = ms(start);
  const files = [...peerCorpus].map(([id, text]) => dolosFile(id, text, peerTokens.get(id)!));
  start = performance.now();
  new dolos.FingerprintIndex(K, W, false).addFiles(files);
  const peerIndexMs = ms(start);
  const rate = (msTaken: number) => `${fixed(PEER_CHARS / 1e6 / (msTaken / 1000), 2)} M characters/s`;
  console.log(
    `indexing ${(PEER_CHARS / 1e6).toFixed(1)} M characters: ours ${fixed(oursIndexMs, 0)} ms (${rate(oursIndexMs)}), dolos-core ${fixed(peerIndexMs, 0)} ms (${rate(peerIndexMs)}), ratio ${fixed(peerIndexMs / oursIndexMs, 2)}× (dolos-core / ours)`,
  );

  // per pair: a paper against one document it copies from
  const thesis = thesisFrom(language, peerCorpus);
  const thesisTokens = tokenize(thesis);
  const pairIds = [...peerCorpus.keys()].slice(0, 10);
  start = performance.now();
  for (const id of pairIds) {
    const a = kgramHashes(thesisTokens, K);
    const b = kgramHashes(peerTokens.get(id)!, K);
    const positions = new Map<number, number[]>();
    b.forEach((h, i) => positions.set(h, [...(positions.get(h) ?? []), i]));
    const seeds: Array<[number, number]> = [];
    a.forEach((h, q) => positions.get(h)?.forEach((s) => seeds.push([q, s])));
    chainRuns(growSeeds(TokenSeq.from(thesisTokens), TokenSeq.from(peerTokens.get(id)!), seeds, K, id), 10);
  }
  const oursPairMs = ms(start) / pairIds.length;
  const thesisFile = dolosFile('thesis', thesis, thesisTokens);
  start = performance.now();
  for (const id of pairIds) {
    const index = new dolos.FingerprintIndex(K, W, false);
    const other = files.find((f) => f.path === id)!;
    index.addFiles([thesisFile, other]);
    index.getPair(thesisFile, other).buildFragments();
  }
  const peerPairMs = ms(start) / pairIds.length;
  console.log(
    `one pair (50,000 vs 50,000 characters): ours ${fixed(oursPairMs, 1)} ms, dolos-core ${fixed(peerPairMs, 1)} ms, ratio ${fixed(peerPairMs / oursPairMs, 2)}× (dolos-core / ours)`,
  );

  // one paper against the large corpus, ours alone (dolos-core compares all pairs, not one against
  // many), in a process of its own as a server catching up with its library is: here the peer's
  // gigabytes of leftover objects would slow every collection of the build (about a fifth longer);
  // each kind of library in a process of its own too
  for (const kind of LIBRARY_KINDS) {
    const child = spawnSync(process.execPath, [...NODE_FLAGS, require.resolve('tsx/cli'), __filename, '--large', language, kind], { stdio: 'inherit' });
    if (child.status !== 0) throw new Error(`the large corpus's run failed (${child.status})`);
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const rss = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().rss;
};

/** The library as the server's corpus reads it (modules/review/corpus.ts), held in memory: documents numbered in order. */
function memoryLibrary(corpus: Map<string, string>): Library {
  const docs = [...corpus].map(([id, full_text], i) => ({ seq: i + 1, id, full_text }));
  return {
    documentsAfter: async (seq, limit) => docs.slice(seq, seq + limit),
    documentCountAfter: async (seq) => docs.length - seq,
    removalsAfter: async () => [],
    documentIdsBetween: async (after, upTo) => docs.slice(after, upTo),
    documentText: async (id) => corpus.get(id),
    documentIdAt: async (seq) => docs[seq - 1]?.id,
    removalAt: async () => undefined,
    wasRemoved: async () => false,
  };
}

/**
 * The paper against the whole corpus, through the server's corpus (index built by catching up with
 * the library, then the snapshot written, read back, and the first check after that "restart").
 */
async function largeCorpus(language: Language, corpus: Map<string, string>) {
  const chars = [...corpus.values()].reduce((n, text) => n + text.length, 0);
  const library = memoryLibrary(corpus);
  const dir = mkdtempSync(join(tmpdir(), 'zn-bench-index-'));
  try {
    const before = rss();
    const built = createCorpus(library, { dir, snapshotAfterChars: Infinity });
    let start = performance.now();
    const buildCpu = cpuMs();
    await built.sync();
    const buildMs = ms(start);
    const buildCpuMs = cpuMs() - buildCpu;
    const builtRss = rss();
    const indexBytes = built.index.postingBytes;
    console.log(
      `index build: ${(chars / 1e6).toFixed(0)} M characters (${corpus.size} documents) in ${fixed(buildMs / 1000, 1)} s, ${fixed(chars / 1e6 / (buildMs / 1000), 2)} M characters/s ` +
        `(${fixed(buildCpuMs / 1000, 1)} s of processor time, ${fixed(chars / 1e6 / (buildCpuMs / 1000), 2)} M characters/s); ` +
        `resident memory ${mb(builtRss)} (${mb(before)} before, the texts), the index's arrays ${mb(indexBytes)} (${fixed(indexBytes / 1024 / 1024 / (chars / 1e6), 1)} MB per million characters)`,
    );

    const paper = thesisFrom(language, corpus);
    const check = async (index: CorpusIndex, text = paper) => {
      const began = performance.now();
      const cpu = cpuMs();
      const report = await checkText(text, index, async (id) => corpus.get(id), { minMatch: MIN_MATCH });
      return { ms: ms(began), cpuMs: cpuMs() - cpu, passages: report.passages.length };
    };
    // the first check of a process compiles the engine as it goes; a running server has checked
    // other papers before, so its figure is the median of checks after WARM_CHECKS (the first of them this paper)
    const first = await check(built.index);
    for (let i = 1; i < WARM_CHECKS; i += 1) await check(built.index, thesisFrom(language, corpus, 11 + i));
    const timed: Array<{ ms: number; cpuMs: number }> = [];
    let passages = 0;
    for (let i = 0; i < TIMED_CHECKS; i += 1) {
      const run = await check(built.index);
      timed.push(run);
      passages = run.passages;
    }
    const median = (of: (run: { ms: number; cpuMs: number }) => number) => timed.map(of).sort((a, b) => a - b)[timed.length >> 1];
    console.log(
      `a 50,000-character paper against ${(chars / 1e6).toFixed(0)} M characters: ${fixed(
        median((r) => r.ms),
        0,
      )} ms (${fixed(
        median((r) => r.cpuMs),
        0,
      )} ms of processor time; ` +
        `median of ${TIMED_CHECKS} checks after the process's first ${WARM_CHECKS}, ${WARM_CHECKS - 1} of them of other papers), the process's first check ${fixed(first.ms, 0)} ms (${fixed(first.cpuMs, 0)} ms); ` +
        `${passages} of 10 inserted passages found (targets: ${language === 'zh' ? 300 : 100} ms of engine time; the product's limit 2,000 ms)`,
    );

    // what a shard stores for the merge job (docs/operations.md, "Workers"): here the whole library as one
    // shard, the most any part can be
    start = performance.now();
    const grams = queryGrams(tokenize(paper));
    const part = JSON.stringify(built.index.hits(grams.hashes, commonLimit(built.index.size), grams.kgrams));
    console.log(`a shard's part of that check (the whole library as one shard): ${fixed(part.length / 1024, 0)} KB as JSON, made in ${fixed(ms(start), 0)} ms`);

    start = performance.now();
    await built.close();
    const writeMs = ms(start);
    const size = statSync(join(dir, SNAPSHOT_NAME)).size;
    console.log(`snapshot written in ${fixed(writeMs, 0)} ms (${mb(size)}, ${mb(size / (chars / 1e6))} per million characters)`);

    // a restart: a new process loads the snapshot into a new corpus, catches up (nothing new) and
    // checks the paper; the texts it compares with are read before the clock starts (the server
    // reads them from the database)
    writeFileSync(join(dir, 'texts.json'), JSON.stringify({ paper, docs: [...corpus] }));
    const child = spawnSync(process.execPath, [...NODE_FLAGS, require.resolve('tsx/cli'), __filename, '--restart', dir], {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
    });
    if (child.status !== 0) throw new Error(`restart failed: ${child.stderr}`);
    const restart = JSON.parse(child.stdout.trim().split('\n').pop()!) as { loadMs: number; checkMs: number; passages: number; before: number; after: number };
    console.log(
      `restart (a new process): snapshot loaded and caught up in ${fixed(restart.loadMs, 0)} ms (resident ${mb(restart.before)} with the texts → ${mb(restart.after)}); ` +
        `first check after restart ${fixed(restart.loadMs + restart.checkMs, 0)} ms in all (${fixed(restart.checkMs, 0)} ms of it the check, ${restart.passages} of 10 found; target at 100 M: 2,000 ms)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The restarted process: the snapshot in `dir` loaded by a new corpus, and the first check. */
async function restartIn(dir: string) {
  const { paper, docs } = JSON.parse(readFileSync(join(dir, 'texts.json'), 'utf8')) as { paper: string; docs: Array<[string, string]> };
  const corpus = new Map(docs);
  const before = rss();
  let start = performance.now();
  const restarted = createCorpus(memoryLibrary(corpus), { dir });
  await restarted.sync();
  const loadMs = ms(start);
  start = performance.now();
  const report = await checkText(paper, restarted.index, restarted.text, { minMatch: MIN_MATCH });
  const checkMs = ms(start);
  console.log(JSON.stringify({ loadMs, checkMs, passages: report.passages.length, before, after: rss() }));
}

async function main() {
  if (process.argv[2] === '--restart') return restartIn(process.argv[3]);
  if (process.argv[2] === '--large') {
    const [language, kind] = process.argv.slice(3) as [Language, LibraryKind];
    console.log(
      `the large corpus: ${kind} text (load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(', ')})`,
    );
    return largeCorpus(language, largeLibrary(language, kind));
  }
  dolos = await import('@dodona/dolos-core');
  for (const language of ['zh', 'en'] as Language[]) await speed(language);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
