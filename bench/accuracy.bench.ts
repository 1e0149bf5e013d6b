/**
 * `npm run bench:accuracy`: the plagiarism engine beside @dodona/dolos-core and Debian's sim_text
 * (package similarity-tester) on the accuracy set (accuracySet.ts), in the same run. Every engine
 * searches the whole corpus of its language for each document. Printed: the PAN measures per
 * language and obfuscation at the undergraduate system's shortest passage, for each check system
 * how many documents that copy nothing get a passage, and the share of their text marked (what the
 * student would see as the figure).
 */
import { execFileSync } from 'child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';
import { checkText } from '../server/src/engines/similarity/check';
import { CorpusIndex, K, W } from '../server/src/engines/similarity/corpusIndex';
import { charsOf, tokenize, type Token } from '../server/src/engines/similarity/normalize';
import { REVIEW_SYSTEMS } from '../server/src/modules/review/systems';
import { buildAccuracySet, INNOCENT, OBFUSCATIONS, type Suspicious } from './accuracySet';
import { panScores, type Detection } from './pan';
import type { Language, Library } from './realText';

type Engine = 'ours' | 'dolos-core' | 'sim_text';
const ENGINES: Engine[] = ['ours', 'dolos-core', 'sim_text'];
const UNDERGRADUATE = REVIEW_SYSTEMS.find((s) => s.id === 'undergraduate')!.min_match;
const PER_KIND = Number(process.env.BENCH_ACCURACY_PER_KIND || 40);
const SEED = Number(process.env.BENCH_ACCURACY_SEED || 20261123);

type Dolos = typeof import('@dodona/dolos-core');

/**
 * The sets measured: English twice, with the manual pages as the library and with the guides
 * (running prose, as students write) as the library, the manual pages copying from them.
 */
const SETS: Array<{ language: Language; library: Library; name: string }> = [
  { language: 'en', library: 'manuals', name: 'English' },
  { language: 'en', library: 'guides', name: 'English prose (the guides as the library)' },
  { language: 'zh', library: 'manuals', name: 'Chinese' },
];

interface Prepared {
  corpus: Map<string, string>;
  corpusTokens: Map<string, Token[]>;
  set: Suspicious[];
  setTokens: Token[][];
}

async function ours({ corpus, corpusTokens, set }: Prepared, minMatch: number): Promise<Detection[][]> {
  const index = new CorpusIndex();
  for (const [id, tokens] of corpusTokens) index.add(id, tokens);
  const found: Detection[][] = [];
  for (const doc of set) {
    const report = await checkText(doc.text, index, async (id) => corpus.get(id), { minMatch });
    found.push(report.passages.map((p) => ({ start: p.start, end: p.end, sourceId: p.sourceId })));
  }
  return found;
}

/** dolos-core on our tokens (each mapped to its characters), with the same k-gram length and window. */
function dolosCore(dolos: Dolos, { corpus, corpusTokens, set, setTokens }: Prepared, minMatch: number): Detection[][] {
  const { File, TokenizedFile, Region, FingerprintIndex } = dolos;
  const fileOf = (name: string, text: string, tokens: Token[]) =>
    new TokenizedFile(
      new File(name, text),
      tokens.map((t) => t.value),
      tokens.map((t) => new Region(0, t.start, 0, t.end)),
    );
  const sources = [...corpus].map(([id, text]) => fileOf(id, text, corpusTokens.get(id)!));
  const queries = set.map((doc, i) => fileOf(`query-${i}`, doc.text, setTokens[i]));
  const index = new FingerprintIndex(K, W, false);
  index.addFiles([...sources, ...queries]);
  const entries = new Map(index.entries().map((e) => [e.file, e]));
  return queries.map((query) => {
    // the corpus documents sharing any fingerprint with this document
    const shared = new Set<(typeof sources)[number]>();
    for (const fingerprint of entries.get(query)!.shared)
      for (const file of fingerprint.files()) if (file !== query && !file.path.startsWith('query-')) shared.add(file as (typeof sources)[number]);
    const found: Detection[] = [];
    for (const source of shared) {
      const pair = index.getPair(query, source);
      for (const fragment of pair.buildFragments()) {
        const left = pair.leftFile === query;
        const kgrams = left ? fragment.leftkgrams : fragment.rightkgrams;
        if (kgrams.to - kgrams.from + K < minMatch) continue;
        const selection = left ? fragment.leftSelection : fragment.rightSelection;
        found.push({ start: selection.startCol, end: selection.endCol, sourceId: source.path });
      }
    }
    return found;
  });
}

/**
 * sim_text on our tokens, one to a line (each token written as a word of letters, so that it
 * compares what we compare): its line numbers are token numbers, mapped back to characters.
 */
function simText({ corpusTokens, set, setTokens }: Prepared, minMatch: number): Detection[][] {
  const folder = mkdtempSync(join(tmpdir(), 'sim-text-'));
  try {
    const words = new Map<string, string>();
    const word = (value: string) => {
      let w = words.get(value);
      if (!w) {
        let n = words.size;
        w = 'w';
        do {
          w += String.fromCharCode(97 + (n % 26));
          n = Math.floor(n / 26);
        } while (n);
        words.set(value, w);
      }
      return w;
    };
    const write = (name: string, tokens: Token[]) => writeFileSync(join(folder, name), tokens.map((t) => word(t.value)).join('\n') + '\n');
    mkdirSync(join(folder, 'c'));
    mkdirSync(join(folder, 'q'));
    for (const [id, tokens] of corpusTokens) write(join('c', id), tokens);
    setTokens.forEach((tokens, i) => write(join('q', String(i)), tokens));
    const list = [...setTokens.keys()]
      .map((i) => join('q', String(i)))
      .concat(
        '/',
        [...corpusTokens.keys()].map((id) => join('c', id)),
      );
    const output = execFileSync('sim_text', ['-n', '-i', '-r', String(minMatch), '-S'], {
      cwd: folder,
      input: list.join('\n') + '\n',
      encoding: 'utf8',
      maxBuffer: 1 << 30,
    });
    const found: Detection[][] = set.map(() => []);
    for (const line of output.split('\n')) {
      const m = line.match(/^q\/(\d+): line (\d+)-(\d+)\s*\|c\/(\S+): line/);
      if (!m) continue;
      const doc = Number(m[1]);
      const tokens = setTokens[doc];
      found[doc].push({ start: tokens[Number(m[2]) - 1].start, end: tokens[Number(m[3]) - 1].end, sourceId: m[4] });
    }
    return found;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

const fixed = (n: number) => n.toFixed(3);
const percent = (n: number) => `${(100 * n).toFixed(1)}%`;

/** The share of a document's characters (those the report counts) that lie in a detection. */
function markedShare(tokens: Token[], detections: Detection[]) {
  let total = 0;
  let marked = 0;
  for (const t of tokens) {
    total += charsOf(t);
    if (detections.some((d) => d.start <= t.start && t.end <= d.end)) marked += charsOf(t);
  }
  return total ? marked / total : 0;
}

async function main() {
  const dolos = await import('@dodona/dolos-core');
  for (const { language, library, name } of SETS) {
    const started = Date.now();
    const { corpus, set } = buildAccuracySet(language, PER_KIND, SEED, library);
    const prepared: Prepared = {
      corpus,
      corpusTokens: new Map([...corpus].map(([id, text]) => [id, tokenize(text)])),
      set,
      setTokens: set.map((d) => tokenize(d.text)),
    };
    const corpusChars = [...corpus.values()].reduce((n, t) => n + t.length, 0);
    console.log(`\n${name}: ${set.length} documents against a corpus of ${corpus.size} documents (${(corpusChars / 1e6).toFixed(2)} M characters)`);

    // every engine at every system's shortest passage (once for systems that share it)
    const found = new Map<string, Detection[][]>();
    for (const minMatch of new Set(REVIEW_SYSTEMS.map((s) => s.min_match))) {
      found.set(`ours ${minMatch}`, await ours(prepared, minMatch));
      found.set(`dolos-core ${minMatch}`, dolosCore(dolos, prepared, minMatch));
      found.set(`sim_text ${minMatch}`, simText(prepared, minMatch));
    }

    console.log(`PAN measures at ${UNDERGRADUATE} tokens (the undergraduate system): plagdet (precision recall granularity)`);
    console.log(`${'case'.padEnd(22)}${'docs'.padEnd(6)}${ENGINES.map((e) => e.padEnd(30)).join('')}`);
    const groups: Array<[string, (d: Suspicious) => boolean]> = [
      ['all', () => true],
      ...OBFUSCATIONS[language].map((o) => [o, (d: Suspicious) => d.kind === o] as [string, (d: Suspicious) => boolean]),
    ];
    for (const [label, member] of groups) {
      const chosen = set.map((d, i) => [d, i] as const).filter(([d]) => member(d));
      const cells = ENGINES.map((engine) => {
        const detections = found.get(`${engine} ${UNDERGRADUATE}`)!;
        const s = panScores(chosen.map(([d, i]) => ({ cases: d.cases, detections: detections[i] })));
        return `${fixed(s.plagdet)} (${fixed(s.precision)} ${fixed(s.recall)} ${s.granularity.toFixed(2)})`.padEnd(30);
      });
      console.log(`${label.padEnd(22)}${String(chosen.length).padEnd(6)}${cells.join('')}`);
    }
    for (const kind of INNOCENT[language]) {
      const innocent = set.map((d, i) => [d, i] as const).filter(([d]) => d.kind === kind);
      console.log(`innocent documents flagged (${kind}, ${innocent.length} documents):`);
      for (const system of REVIEW_SYSTEMS) {
        const cells = ENGINES.map((engine) => `${engine} ${innocent.filter(([, i]) => found.get(`${engine} ${system.min_match}`)![i].length > 0).length}`);
        console.log(`  ${system.name} (${system.min_match}): ${cells.join(', ')}`);
      }
      // the figure each innocent document would show, at the undergraduate system's minimum
      for (const engine of ENGINES) {
        const shares = innocent.map(([d, i]) => ({ d, share: markedShare(prepared.setTokens[i], found.get(`${engine} ${UNDERGRADUATE}`)![i]) }));
        const worst = shares.reduce((a, b) => (b.share > a.share ? b : a));
        const mean = shares.reduce((sum, s) => sum + s.share, 0) / shares.length;
        const marked = shares
          .map((s) => s.share)
          .filter((x) => x > 0)
          .sort((a, b) => b - a);
        console.log(
          `  marked share, ${engine}: mean ${percent(mean)}, above 1% ${shares.filter((s) => s.share > 0.01).length}, above 3% ${shares.filter((s) => s.share > 0.03).length}, worst ${percent(worst.share)}${worst.d.topic && worst.share ? ` (alike ${worst.d.topic})` : ''}; marked documents: ${marked.map(percent).join(' ') || 'none'}`,
        );
      }
    }
    for (const system of REVIEW_SYSTEMS.filter((s) => s.min_match !== UNDERGRADUATE)) {
      const cells = ENGINES.map((engine) => {
        const detections = found.get(`${engine} ${system.min_match}`)!;
        const s = panScores(set.map((d, i) => ({ cases: d.cases, detections: detections[i] })));
        return `${engine} ${fixed(s.plagdet)} (${fixed(s.precision)} ${fixed(s.recall)} ${s.granularity.toFixed(2)})`;
      });
      console.log(`plagdet at ${system.min_match} tokens (${system.name}): ${cells.join(', ')}`);
    }
    console.log(`(${((Date.now() - started) / 1000).toFixed(0)} s)`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
