/**
 * The plagiarism engine's speed beside @dodona/dolos-core (an existing winnowing engine) on the same
 * texts in the same run: indexing and per-pair comparison as ratios against dolos-core, and one
 * 50,000-character paper against a large corpus (BENCH_CORPUS_CHARS, default 20 million). Accuracy
 * is measured by accuracy.bench.ts.
 */
import { performance } from 'perf_hooks';
import { chainRuns, growSeeds } from '../server/src/engines/similarity/align';
import { checkText } from '../server/src/engines/similarity/check';
import { CorpusIndex, K, W } from '../server/src/engines/similarity/corpusIndex';
import { kgramHashes } from '../server/src/engines/similarity/fingerprint';
import { tokenize, type Token } from '../server/src/engines/similarity/normalize';
import { readFileSync, readdirSync } from 'fs';
import matter from 'gray-matter';
import { stripMarkdown } from '../common/markdown';
import { join } from 'path';
import { SEED_FOLDER } from '../server/src/seed';
import { random } from './accuracySet';

const MIN_MATCH = 13; // the undergraduate system's shortest reported passage
const CORPUS_CHARS = Number(process.env.BENCH_CORPUS_CHARS || 20_000_000);
const PEER_CHARS = Number(process.env.BENCH_PEER_CHARS || 2_000_000);

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
const fixed = (n: number, digits = 3) => n.toFixed(digits);

/** The Chinese characters of the library's documents, as often as they occur there. */
const libraryCharacters = () => {
  const folder = join(SEED_FOLDER, 'documents');
  const text = readdirSync(folder)
    .sort()
    .filter((name) => name.endsWith('.md'))
    .map((name) => stripMarkdown(matter(readFileSync(join(folder, name), 'utf8')).content))
    .join('');
  return [...text].filter((c) => /[\u4e00-\u9fff]/.test(c));
};

/** Text with the library's character frequencies: realistic k-gram statistics at any size. */
function syntheticCorpus(chars: number, docChars = 50_000, seed = 7) {
  const alphabet = libraryCharacters();
  const next = random(seed);
  const docs = new Map<string, string>();
  for (let made = 0, n = 0; made < chars; n += 1) {
    let text = '';
    for (let i = 0; i < docChars; i += 1) text += i % 40 === 39 ? '。\n' : alphabet[Math.floor(next() * alphabet.length)];
    docs.set(`synthetic-${n}`, text);
    made += text.length;
  }
  return docs;
}

/** A 50,000-character paper of its own text, with ten passages of 200 characters from corpus documents. */
function thesisFrom(corpus: Map<string, string>) {
  const next = random(11);
  const ids = [...corpus.keys()];
  const own = syntheticCorpus(50_000, 50_000, 13).values().next().value as string;
  const parts: string[] = [];
  for (let i = 0; i < 10; i += 1) {
    const source = corpus.get(ids[Math.floor(next() * ids.length)])!;
    const at = Math.floor(next() * (source.length - 200));
    parts.push(own.slice(i * 4_800, (i + 1) * 4_800), source.slice(at, at + 200));
  }
  return parts.join('');
}

async function speed() {
  console.log(`\nSpeed (median of 3 where repeated)`);
  // indexing, ours and dolos-core, on the same documents
  const peerCorpus = syntheticCorpus(PEER_CHARS);
  const peerTokens = new Map([...peerCorpus].map(([id, text]) => [id, tokenize(text)]));
  let start = performance.now();
  const ours = new CorpusIndex();
  for (const [id, tokens] of peerTokens) ours.add(id, tokens);
  const oursIndexMs = ms(start);
  const files = [...peerCorpus].map(([id, text]) => dolosFile(id, text, peerTokens.get(id)!));
  start = performance.now();
  new dolos.FingerprintIndex(K, W, false).addFiles(files);
  const peerIndexMs = ms(start);
  console.log(`indexing ${(PEER_CHARS / 1e6).toFixed(1)} M characters: ours ${fixed(oursIndexMs, 0)} ms, dolos-core ${fixed(peerIndexMs, 0)} ms, ratio ${fixed(peerIndexMs / oursIndexMs, 2)}× (dolos-core / ours)`);

  // per pair: a paper against one document it copies from
  const thesis = thesisFrom(peerCorpus);
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
    chainRuns(growSeeds(thesisTokens, peerTokens.get(id)!, seeds, K, id), 10);
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
  console.log(`one pair (50,000 vs 50,000 characters): ours ${fixed(oursPairMs, 1)} ms, dolos-core ${fixed(peerPairMs, 1)} ms, ratio ${fixed(peerPairMs / oursPairMs, 2)}× (dolos-core / ours)`);

  // one paper against the large corpus, ours alone (dolos-core compares all pairs, not one against many)
  const corpus = syntheticCorpus(CORPUS_CHARS);
  const index = new CorpusIndex();
  start = performance.now();
  for (const [id, text] of corpus) index.add(id, tokenize(text));
  const buildMs = ms(start);
  const paper = thesisFrom(corpus);
  const times: number[] = [];
  let passages = 0;
  for (let i = 0; i < 3; i += 1) {
    start = performance.now();
    passages = (await checkText(paper, index, async (id) => corpus.get(id), { minMatch: MIN_MATCH })).passages.length;
    times.push(ms(start));
  }
  times.sort((a, b) => a - b);
  console.log(`a 50,000-character paper against ${(CORPUS_CHARS / 1e6).toFixed(0)} M characters (${corpus.size} documents, indexed in ${fixed(buildMs / 1000, 1)} s): ${fixed(times[1], 0)} ms, ${passages} of 10 inserted passages found (target: at most 2,000 ms against 100 M)`);
}

async function main() {
  dolos = await import('@dodona/dolos-core');
  await speed();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
