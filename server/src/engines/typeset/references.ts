/**
 * Reference entries in the template's style: GB/T 7714-2015 (顺序编码制) or APA 7. An entry is
 * parsed into its authors, title, type and publication details — journal article [J], book [M],
 * thesis [D] — whether written with full-width or half-width punctuation, with or without its type
 * mark. An entry marked with another GB/T type (an online resource [EB/OL], proceedings [C], a
 * newspaper [N] …) and dated keeps its details as written: its authors and punctuation are put in
 * the style, and an online one is also written in APA. What cannot be parsed is kept as written
 * and reported.
 */

/** J, M, D: parsed whole; OL: another type read online (EB/OL, J/OL …); other: another type, details as written */
type Kind = 'J' | 'M' | 'D' | 'OL' | 'other';
interface Parsed {
  authors: string[];
  /** a third author was followed by 等 / et al. */
  more: boolean;
  title: string;
  kind: Kind;
  year: string;
  /** [J] the journal; [M] the publisher; [D] the school; OL and other: the details as written */
  source: string;
  /** OL and other: the type mark as written (EB/OL) */
  mark?: string;
  /** OL: where it is read */
  url?: string;
  city?: string;
  volume?: string;
  issue?: string;
  pages?: string;
}

const MAX_AUTHORS = 3;
const isLatin = (text: string) => !/[\u3400-\u9fff]/.test(text);

/** Full-width punctuation of the structure to half-width (a space after a separator, as half-width text has one), spaces tidied. */
const halfWidth = (text: string) =>
  text
    .replace(/[．。]/g, '. ')
    .replace(/，/g, ', ')
    .replace(/：/g, ': ')
    .replace(/（/g, '(')
    .replace(/）/g, ')')
    .replace(/［/g, '[')
    .replace(/］/g, ']')
    // a page range's dash, not the one in a title (新模式——以沙集为例)
    .replace(/(\d)\s*[－—–~～]+\s*(?=\d)/g, '$1-')
    .replace(/；/g, '; ')
    .replace(/\s+/g, ' ')
    .trim();

function authorsOf(text: string): { authors: string[]; more: boolean } {
  const names = text
    .split(/\s*(?:,|;|、|&|\band\b)\s*/)
    .map((n) => n.trim())
    .filter(Boolean);
  const more = names.some((n) => /^(等|et al\.?)$/i.test(n)) || /\s(等|et al\.?)$/i.test(text);
  return { authors: names.filter((n) => !/^(等|et al\.?)$/i.test(n)).map((n) => n.replace(/\s*(等|et al\.?)$/i, '')), more };
}

/** 期刊, 2021, 42(3): 10-18 — or without the volume, as many Chinese journals have none: 期刊, 2013(2): 194-200 */
const JOURNAL = /^(?<source>[^,]+?),\s*(?<year>\d{4})\s*(?:,\s*(?<volume>\d+)?)?\s*(?:\((?<issue>[\w-]+)\))?\s*(?::\s*(?<pages>[\d\s\-–~]+))?\.?$/;
const BOOK = /^(?:(?<city>[^:,]+?):\s*)?(?<source>[^,:]+?),\s*(?<year>\d{4})(?::\s*(?<pages>[\d\-–~]+))?\.?$/;
// a part of a whole (析出文献) goes on after its mark with // and the whole: [C]//编者. 论文集 …
const GBT = /^(?<authors>.+?)\.\s*(?<title>.+?)\s*(?:\[(?<mark>[A-Za-z/]+)\])?(?:\.|(?=\/\/))\s*(?<rest>.+)$/;

/** An entry of another GB/T type: its details as written, where they give a year (a date, 2017-04-17, or a publisher's year). */
function otherType(authorText: string, title: string, mark: string, rest: string): Parsed | undefined {
  const year = /(?<!\d)(?:1[5-9]|20)\d{2}(?!\d)/.exec(rest)?.[0];
  const { authors, more } = authorsOf(authorText);
  if (!year || !authors.length) return undefined;
  const online = mark.endsWith('/OL');
  const url = online ? /(?:https?:\/\/|doi:)\S+?(?=\.?$|\.?\s)/i.exec(rest)?.[0] : undefined;
  return { authors, more, title: title.trim(), kind: online ? 'OL' : 'other', mark, year, source: rest.replace(/\.?$/, '.'), url };
}

function parse(entry: string): Parsed | undefined {
  const match = GBT.exec(halfWidth(entry));
  if (!match?.groups) return undefined;
  const { authors: authorText, title, mark, rest } = match.groups;
  const marked = mark?.toUpperCase();
  if (marked && !['J', 'M', 'D'].includes(marked)) return otherType(authorText, title, marked, rest);
  const journal = JOURNAL.exec(rest)?.groups;
  const book = BOOK.exec(rest)?.groups;
  let kind: Kind | undefined;
  if (marked === 'J' || (!marked && (journal?.volume || journal?.issue))) kind = 'J';
  else if (marked === 'D' || (!marked && book && /大学|学院|university|college/i.test(book.source) && /论文|thesis|dissertation/i.test(title + rest)))
    kind = 'D';
  else if (marked === 'M' || (!marked && book?.city)) kind = 'M';
  const details = kind === 'J' ? journal : book;
  if (!kind || !details || (kind === 'J' && !journal)) return undefined;
  const { authors, more } = authorsOf(authorText);
  if (!authors.length) return undefined;
  return {
    authors,
    more,
    title: title.trim(),
    kind,
    year: details.year,
    source: details.source.trim(),
    city: details.city?.trim(),
    volume: details.volume,
    issue: details.issue,
    pages: details.pages?.replace(/\s+/g, '').replace(/[–~]/g, '-'),
  };
}

function gbt(p: Parsed): string {
  const latin = isLatin(p.authors.join(''));
  const names = p.authors.slice(0, MAX_AUTHORS).map((n) => (latin ? n.replace(/\./g, '') : n));
  const authors = names.join(', ') + (p.more || p.authors.length > MAX_AUTHORS ? (latin ? ', et al' : ', 等') : '');
  if (p.kind === 'OL' || p.kind === 'other') return `${authors}. ${p.title}[${p.mark}]${p.source.startsWith('//') ? '' : '. '}${p.source}`;
  if (p.kind === 'J')
    return `${authors}. ${p.title}[J]. ${p.source}, ${p.year}${p.volume ? `, ${p.volume}` : ''}${p.issue ? `(${p.issue})` : ''}${p.pages ? `: ${p.pages}` : ''}.`;
  return `${authors}. ${p.title}[${p.kind}]. ${p.city ? `${p.city}: ` : ''}${p.source}, ${p.year}${p.pages ? `: ${p.pages}` : ''}.`;
}

/** "Smith J" / "Smith, J." → "Smith, J."; a Chinese name stays whole. */
const apaName = (name: string) => {
  if (!isLatin(name)) return name;
  const [family, ...given] = name.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  return given.length
    ? `${family}, ${given
        .map((g) =>
          g
            .replace(/\.$/, '')
            .split('-')
            .map((part) => `${part[0].toUpperCase()}.`)
            .join('-'),
        )
        .join(' ')}`
    : family;
};

function apa(p: Parsed): string {
  const names = p.authors.map(apaName);
  const authors = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')}, & ${names[names.length - 1]}`;
  const year = `(${p.year}).`;
  if (p.kind === 'OL') return `${authors} ${year} ${p.title}.${p.url ? ` ${p.url}` : ''}`;
  if (p.kind === 'J')
    return `${authors} ${year} ${p.title}. ${p.source}${p.volume ? `, ${p.volume}` : ''}${p.issue ? `(${p.issue})` : ''}${p.pages ? `, ${p.pages.replace('-', '–')}` : ''}.`;
  if (p.kind === 'D') return `${authors} ${year} ${p.title} [Thesis, ${p.source}].`;
  return `${authors} ${year} ${p.title}. ${p.source}.`;
}

/** An entry already in APA form: "Author, A. (2020). Title …". */
const APA_ENTRY = /^[^()]+\(\d{4}[a-z]?\)\.\s+\S/;

/** The entries in the style, and a warning for each kept as written. */
export function formatReferences(entries: string[], style: 'gbt7714' | 'apa'): { references: string[]; warnings: string[] } {
  const warnings: string[] = [];
  const references = entries.map((entry, i) => {
    if (style === 'apa' && APA_ENTRY.test(entry)) return entry;
    const parsed = parse(entry);
    // APA has no form here for a GB/T type other than those parsed whole and online ones
    if (!parsed || (style === 'apa' && parsed.kind === 'other')) {
      warnings.push(
        `参考文献第 ${i + 1} 条无法识别作者、题名和出处，已按原文排入，请按 ${style === 'apa' ? 'APA 第 7 版' : 'GB/T 7714-2015'} 核对：“${entry}”`,
      );
      return entry;
    }
    return style === 'apa' ? apa(parsed) : gbt(parsed);
  });
  return { references, warnings };
}
