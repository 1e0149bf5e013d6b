/**
 * Real prose for the accuracy benchmark, read from Debian documentation packages installed on this
 * machine (none of it is in our library, none of it is kept in the repository). The corpus being
 * searched is the manual pages (English, and their Chinese translations); the texts that copy from
 * it (or copy nothing) are Debian's reference, maintainers' guide and FAQ, written by other people
 * for another purpose.
 */
import { execFileSync } from 'child_process';
import { readFileSync } from 'fs';
import { gunzipSync } from 'zlib';

export type Language = 'zh' | 'en';

/** A source of paragraphs: the Debian package and which of its files to read. */
interface Source {
  apt: string;
  files: RegExp;
  kind: 'html' | 'man';
}

/**
 * `sameTopic`: pages of the same software as the corpus that the corpus does not hold (other
 * sections of the same manual; in Chinese the pages other Debian packages translate themselves),
 * read like the hosts: honest text of the same field.
 */
const SOURCES: Record<Language, { corpus: Source[]; hosts: Source[]; sameTopic: Source[] }> = {
  en: {
    hosts: [
      { apt: 'debian-reference-en', files: /\.en\.html$/, kind: 'html' },
      { apt: 'maint-guide', files: /\.en\.html$/, kind: 'html' },
      { apt: 'debian-faq', files: /\.en\.html$/, kind: 'html' },
    ],
    corpus: [{ apt: 'manpages', files: /\/man[57]\/.*\.gz$/, kind: 'man' }],
    sameTopic: [
      { apt: 'manpages', files: /\/man[1468]\/.*\.gz$/, kind: 'man' },
      { apt: 'manpages-dev', files: /\/man[23]\/.*\.gz$/, kind: 'man' },
    ],
  },
  zh: {
    hosts: [
      { apt: 'debian-reference-zh-cn', files: /\.zh-cn\.html$/, kind: 'html' },
      { apt: 'maint-guide-zh-cn', files: /\.zh-cn\.html$/, kind: 'html' },
      { apt: 'debian-faq-zh-cn', files: /\.zh-cn\.html$/, kind: 'html' },
    ],
    corpus: [{ apt: 'manpages-zh', files: /\/zh_CN\/man\d\/.*\.gz$/, kind: 'man' }],
    sameTopic: ['passwd', 'login', 'man-db'].map((apt) => ({ apt, files: /\/zh_CN\/man\d\/.*\.gz$/, kind: 'man' as const })),
  },
};

const HAN = /\p{Script=Han}/u;

/** Collapses white space; between two Chinese characters a line break is no space at all. */
function tidy(text: string) {
  return text
    .replace(/\s+/g, ' ')
    .replace(/(\p{Script=Han}|[，。；：、！？）】」”]) (?=\p{Script=Han}|[（【「“])/gu, '$1')
    .trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function htmlParagraphs(html: string): string[] {
  const body = html
    .replace(/<(pre|table|script|style|head)\b[\s\S]*?<\/\1>/gi, '\n\n')
    .replace(/<\/?(p|div|li|ul|ol|dl|dt|dd|h\d|br|blockquote|tr|td|th)\b[^>]*>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(#x?[0-9a-f]+|\w+);/gi, (all, name: string) => {
      if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? all;
      return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
    });
  return body.split(/\n\s*\n/).map(tidy);
}

/** Running text of a manual page: macro lines break paragraphs, font and character escapes go. */
function manParagraphs(roff: string): string[] {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  const flush = () => {
    if (lines.length) paragraphs.push(tidy(lines.join('\n')));
    lines = [];
  };
  for (const line of roff.split('\n')) {
    if (/^[.']/.test(line)) {
      const inline = line.match(/^\.(B|I|BR|BI|IR|IB|RB|RI|SM)\s+(.*)$/);
      if (inline) lines.push(inline[2].replace(/"/g, ''));
      else flush();
      continue;
    }
    lines.push(line);
  }
  flush();
  return paragraphs.map((p) =>
    tidy(
      p
        .replace(/\\f(\[[^\]]*\]|\(..|.)/g, '')
        .replace(/\\\*(\(..|\[[^\]]*\]|.)/g, '')
        .replace(/\\\((..)/g, (_, name: string) => ({ em: '—', en: '–', lq: '“', rq: '”', aq: "'", dq: '"', bu: '•' })[name] ?? '')
        .replace(/\\s[+-]?\d/g, '')
        .replace(/\\[-e]/g, (m) => (m === '\\-' ? '-' : '\\'))
        .replace(/\\[&/,:%|^ ~0]/g, (m) => (m === '\\ ' || m === '\\~' || m === '\\0' ? ' ' : '')),
    ),
  );
}

function filesOf(source: Source): string[] {
  let listed: string;
  try {
    listed = execFileSync('dpkg', ['-L', source.apt], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    throw new Error(`The accuracy benchmark reads real text from Debian packages: apt-get install ${source.apt}`);
  }
  return listed
    .split('\n')
    .filter((f) => source.files.test(f))
    .sort();
}

/** Paragraphs of running prose (no code, tables or option lists), per file. */
function prose(source: Source, language: Language): string[][] {
  return filesOf(source).map((file) => {
    const raw = readFileSync(file);
    const text = (file.endsWith('.gz') ? gunzipSync(raw) : raw).toString('utf8');
    const paragraphs = source.kind === 'html' ? htmlParagraphs(text) : manParagraphs(text);
    return paragraphs.filter((p) =>
      language === 'zh'
        ? [...p].filter((c) => HAN.test(c)).length >= 40 && /[。！？]/.test(p)
        : p.length >= 160 && /[a-z]{3,} [a-z]{3,} [a-z]{3,}/.test(p) && /\. /.test(p),
    );
  });
}

/**
 * Consecutive paragraphs of one file grouped into documents of about `size` characters. A paragraph
 * seen before (manual pages repeat boilerplate) is left out, so that a copied passage has one source.
 */
function documents(files: string[][], size: number): string[] {
  const docs: string[] = [];
  const seen = new Set<string>();
  for (const paragraphs of files) {
    let current: string[] = [];
    let length = 0;
    for (const p of paragraphs) {
      if (seen.has(p)) continue;
      seen.add(p);
      current.push(p);
      length += p.length;
      if (length >= size) {
        docs.push(current.join('\n'));
        current = [];
        length = 0;
      }
    }
    if (length >= size / 2) docs.push(current.join('\n'));
  }
  return docs;
}

/** Words (English) or Chinese characters, lower case: what a long shared run is looked for in. */
const units = (text: string, language: Language) => (language === 'en' ? (text.toLowerCase().match(/[a-z0-9]+/g) ?? []) : [...text].filter((c) => HAN.test(c)));

/**
 * A filter for host paragraphs that quote the corpus (Debian's reference quotes manual pages): any
 * run of 10 words or 16 Chinese characters also found in the corpus leaves the paragraph out, so
 * that the documents meant to copy nothing really do.
 */
function quotesNothing(corpus: string[], language: Language) {
  const n = language === 'en' ? 10 : 16;
  const grams = new Set<string>();
  for (const doc of corpus) {
    const u = units(doc, language);
    for (let i = 0; i + n <= u.length; i += 1) grams.add(u.slice(i, i + n).join(' '));
  }
  return (paragraph: string) => {
    const u = units(paragraph, language);
    for (let i = 0; i + n <= u.length; i += 1) if (grams.has(u.slice(i, i + n).join(' '))) return false;
    return true;
  };
}

/**
 * Which text is the library searched: the manual pages (technical: prose beside code, names and
 * options), or the guides (running prose), the manual pages then being the hosts that copy.
 */
export type Library = 'manuals' | 'guides';

/**
 * Documents of the corpus searched, host documents (that copy nothing by themselves), and
 * documents of the same field that copy nothing either (quoting no run of the corpus).
 */
export function realText(language: Language, library: Library = 'manuals') {
  const size = language === 'zh' ? 2_000 : 4_000;
  const sources = SOURCES[language];
  const { corpus, hosts, sameTopic } = library === 'guides' ? { ...sources, corpus: sources.hosts, hosts: sources.corpus } : sources;
  const corpusDocs = documents(
    corpus.flatMap((s) => prose(s, language)),
    size,
  );
  const original = quotesNothing(corpusDocs, language);
  const honest = (sources: Source[]) =>
    documents(
      sources.flatMap((s) => prose(s, language).map((paragraphs) => paragraphs.filter(original))),
      size / 2,
    );
  return { corpus: corpusDocs, hosts: honest(hosts), sameTopic: honest(sameTopic) };
}

/** The apt packages the benchmark reads. */
export const PACKAGES = [...new Set(Object.values(SOURCES).flatMap((s) => [...s.corpus, ...s.hosts, ...s.sameTopic].map((x) => x.apt)))];
