/**
 * A large library of real text that repeats itself the way real libraries do: the same works in
 * many versions, each a few edits away from the one before (sentences changed, inserted and
 * deleted, a paragraph moved), and boilerplate paragraphs (headers, licence notes) shared by many
 * works. The text is Debian's manual pages and documentation (realText.ts), nobody's here; a few
 * hundred thousand characters of it become any size by versions, so nearly every k-gram of the
 * library stands in many documents, as in a library of theses that cite the same manuals.
 */
import { random } from './accuracySet';
import { realText, type Language } from './realText';

/** Paragraphs set aside as boilerplate: a header and a footer are drawn from them for each work. */
const BOILERPLATE = 12;

const sentencesOf = (paragraph: string, language: Language) =>
  (language === 'zh' ? paragraph.split(/(?<=[。！？])/) : paragraph.split(/(?<=[.!?]) +/)).filter((s) => s.trim());
const joinSentences = (sentences: string[], language: Language) => sentences.join(language === 'zh' ? '' : ' ');

/**
 * The next version of a work (paragraphs of sentences), edited in place: one to three sentences
 * replaced by others of the real text, up to two inserted and up to two deleted, and now and then a
 * paragraph moved.
 */
function edit(work: string[][], pool: string[], next: () => number) {
  const pick = <T>(list: T[]) => list[Math.floor(next() * list.length)];
  const somewhere = () => {
    const paragraph = pick(work);
    return { paragraph, at: Math.floor(next() * (paragraph.length + 1)) };
  };
  for (let n = 1 + Math.floor(next() * 3); n > 0; n -= 1) {
    const { paragraph, at } = somewhere();
    if (at < paragraph.length) paragraph[at] = pick(pool);
  }
  for (let n = Math.floor(next() * 3); n > 0; n -= 1) {
    const { paragraph, at } = somewhere();
    paragraph.splice(at, 0, pick(pool));
  }
  for (let n = Math.floor(next() * 3); n > 0; n -= 1) {
    const { paragraph, at } = somewhere();
    if (paragraph.length > 1 && at < paragraph.length) paragraph.splice(at, 1);
  }
  if (work.length > 2 && next() < 0.3) {
    const [moved] = work.splice(Math.floor(next() * work.length), 1);
    work.splice(Math.floor(next() * (work.length + 1)), 0, moved);
  }
}

/**
 * About `chars` characters of documents (`repetitive-<work>-v<version>`): works of one to four
 * consecutive documents of the real text, each given a boilerplate header and footer, then
 * versions of every work in turn until the library is full. Deterministic for a seed.
 */
export function repetitiveLibrary(language: Language, chars: number, seed = 29): Map<string, string> {
  const next = random(seed);
  const { corpus, hosts, sameTopic } = realText(language);
  const paragraphs = [...corpus, ...hosts, ...sameTopic].map((doc) => doc.split('\n'));
  const boilerplate = paragraphs.flat().slice(0, BOILERPLATE);
  const pool = paragraphs.flat().flatMap((p) => sentencesOf(p, language));
  const works: string[][][] = [];
  for (let i = 0; i < paragraphs.length;) {
    const take = 1 + Math.floor(next() * 4);
    const body = paragraphs
      .slice(i, i + take)
      .flat()
      .filter((p) => !boilerplate.includes(p));
    i += take;
    const header = boilerplate[Math.floor(next() * BOILERPLATE)];
    const footer = boilerplate[Math.floor(next() * BOILERPLATE)];
    works.push([header, ...body, footer].map((p) => sentencesOf(p, language)));
  }
  const docs = new Map<string, string>();
  for (let made = 0, version = 1; made < chars; version += 1) {
    for (const [w, work] of works.entries()) {
      if (made >= chars) break;
      if (version > 1) edit(work, pool, next);
      const text = work.map((p) => joinSentences(p, language)).join('\n');
      docs.set(`repetitive-${w}-v${version}`, text);
      made += text.length;
    }
  }
  return docs;
}
