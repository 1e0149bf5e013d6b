/**
 * A manuscript → its structure: title, Chinese and English abstracts and keywords, headings (from
 * Word heading styles, Markdown, or recognised from numbering such as 第一章, 1.1, 一、), paragraphs,
 * lists, tables, images with their captions, references, acknowledgements and appendices. What
 * cannot be placed is reported as a warning, never guessed at silently.
 */
import MarkdownIt from 'markdown-it';
import footnotes from 'markdown-it-footnote';
import { NodeType, parse, type HTMLElement, type Node } from 'node-html-parser';
import { MANUSCRIPT_MAX_CHARS } from '../../../../common/api/limits';
import { formatCount } from '../../../../common/formatCount';
import {
  ABSTRACT_EN,
  ABSTRACT_ZH,
  CONTENTS_TITLE,
  KEYWORDS_EN,
  KEYWORDS_ZH,
  namedPart,
  numberedHeading,
  partOrHeading,
} from '../../../../common/text/headings';
import { HAN } from '../../../../common/text/han';
import { decodeText, extensionOf, ExtractError, inspectDocx } from '../text/extract';
import { docxBlocks } from './docxReader';
import { MarkedText, paragraphOf } from './markedText';
import { checkPicture, pictureWarning } from './picture';
import type { Block, CoverInfo, Manuscript, TextFormat } from './types';

export type { Block, CoverInfo, FormatSpan, Formula, Manuscript, NoteMark } from './types';

const CAPTION = /^(图|表|figure|table)\s*\d+([.\-–]\d+)?[\s.:：]*/i;
/** An entry of a contents list the manuscript brings (the typeset thesis makes its own): a heading's words, then dots, a tab or spaces, then its page (12, iv). */
const CONTENTS_ENTRY = /^\S.{0,79}?(?:\s*[.．·…]{2,}\s*|\s+)(?:\d{1,4}|[ivxlc]{1,6})$/i;

/**
 * A cover's labelled lines (学生姓名：林晓明, 指 导 教 师：周老师), by the cover field each fills (null:
 * read, but the typeset cover has no field for it); labels may be spaced out to line up.
 */
const COVER_LABELS: Array<[string[], keyof CoverInfo | 'title' | null]> = [
  [['学生姓名', '作者姓名', '姓名', '作者'], 'author'],
  [['学号'], 'studentNumber'],
  [['学校', '学校名称'], 'school'],
  [['专业', '所学专业', '专业名称'], 'major'],
  [['指导教师', '指导老师', '指导教师姓名', '导师'], 'supervisor'],
  [['日期', '完成日期', '提交日期', '答辩日期', '完成时间'], 'date'],
  [['论文题目', '题目'], 'title'],
  [['学院', '所在学院', '院系', '院（系）', '系别', '班级', '专业班级', '年级', '职称', '学位类别'], null],
];
const spaced = (label: string) => [...label].map((c) => c.replace(/[()（）]/, '\\$&')).join('\\s*');
const LABELLED = COVER_LABELS.map(([labels, key]) => [new RegExp(`^(?:${labels.map(spaced).join('|')})\\s*[:：]\\s*(.*)$`), key] as const);
/** Several labelled values on one line (学号：2022001 专业：教育学) are cut before each label. */
const NEXT_LABEL = new RegExp(`\\s+(?=(?:${COVER_LABELS.flatMap(([labels]) => labels.map(spaced)).join('|')})\\s*[:：])`);
/** A cover's unlabelled lines: the university's name, and what the paper is (本科毕业论文, 毕业设计（论文）). */
const COVER_PLAIN = [
  /^[\u3400-\u9fff]{2,20}(?:大学|学院)$/,
  /^(?:[\u3400-\u9fff]{2,20}(?:大学|学院))?\s*(?:本科生?|专科|学士|硕士|博士)?(?:研究生)?\s*(?:毕业|学位|课程)(?:论文|设计)\s*(?:[（(](?:论文|设计)[)）])?$/,
  /^(?:bachelor'?s|master'?s|undergraduate|graduation)\s+(?:thesis|dissertation|project)$/i,
];

/** A cover's date alone on its line: 2026年5月, 二〇二六年五月 */
const COVER_DATE = /^[\d〇零一二三四五六七八九]{4}\s*年\s*[\d一二三四五六七八九十]{1,2}\s*月(?:\s*[\d一二三四五六七八九十]{1,3}\s*日)?$/;

/** A cover line's labelled values, or undefined when it is not a cover line. */
function coverValues(text: string): Array<[keyof CoverInfo | 'title' | null, string]> | undefined {
  if (text.length > 80) return undefined;
  if (COVER_PLAIN.some((pattern) => pattern.test(text))) return [];
  if (COVER_DATE.test(text)) return [['date', text]];
  const values: Array<[keyof CoverInfo | 'title' | null, string]> = [];
  for (const piece of text.split(NEXT_LABEL)) {
    const found = LABELLED.map(([pattern, key]) => [pattern.exec(piece), key] as const).find(([match]) => match);
    if (!found) return undefined;
    values.push([found[1], found[0]![1].trim()]);
  }
  return values;
}

/** Unrecognised blocks before the abstract are held back, up to these: a cover and a declaration fit, a body that starts without headings does not. */
const HELD_MAX_BLOCKS = 40;
const HELD_MAX_CHARS = 2000;

const splitKeywords = (text: string) =>
  text
    .split(/[；;，,、]\s*/)
    .map((k) => k.trim())
    .filter(Boolean);

/**
 * A node's text, whitespace collapsed, with the marks of the footnotes it refers to (markdown-it-
 * footnote's sup.footnote-ref, whose [n] is not text), leaving out the elements `skip` names.
 */
function markedTextOf(node: Node, skip: (element: HTMLElement) => boolean = () => false) {
  const text = new MarkedText();
  const walk = (n: Node, format: TextFormat) => {
    if (n.nodeType === NodeType.TEXT_NODE) return text.add(n.text, format);
    const element = n as HTMLElement;
    if (skip(element)) return;
    if (element.classList?.contains('footnote-ref')) {
      const number = /^#fn(\d+)$/.exec(element.querySelector('a')?.getAttribute('href') ?? '');
      if (number) text.mark(Number(number[1]));
      return;
    }
    // **bold** and *italic*
    const tag = element.tagName;
    const inner = tag === 'STRONG' ? { ...format, bold: true as const } : tag === 'EM' ? { ...format, italic: true as const } : format;
    for (const child of element.childNodes) walk(child, inner);
  };
  walk(node, {});
  return text.done();
}

const isList = (element: HTMLElement) => element.tagName === 'UL' || element.tagName === 'OL';

/** A line's end that ends a paragraph of a manuscript written a line a paragraph: a sentence's end. */
const PARAGRAPH_END = /[。！？!?]$/;

/**
 * A Markdown paragraph as the lines it was written in, where a line names a part or is a numbered
 * heading in Chinese (摘要：…, 第一章 引言, 1.1 背景) and the line before it ended a sentence or was
 * such a line itself: a manuscript written as plain text, a line a paragraph, with no blank line
 * between them, which Markdown reads as one paragraph. Elsewhere the lines stay one paragraph: a
 * line wrapped mid-sentence that happens to start 3 个班级 or 关键词, and English wrapped at eighty
 * columns (a line there may well start "2 cases").
 */
function headingLinesApart(node: HTMLElement): HTMLElement[] {
  const lines = node.innerHTML.split('\n').map((line) => ({ line, text: parse(line).text.trim() }));
  const isPart = (text: string) => HAN.test(text) && partOrHeading(text);
  const parts: string[][] = [];
  let afterPart = false;
  lines.forEach(({ line, text }, i) => {
    const part = isPart(text) && (i === 0 || afterPart || PARAGRAPH_END.test(lines[i - 1].text));
    if (part || afterPart || !parts.length) parts.push([line]);
    else parts[parts.length - 1].push(line);
    afterPart = part;
  });
  return parts.length === 1 ? [node] : parts.map((part) => parse(`<p>${part.join('\n')}</p>`).firstChild as HTMLElement);
}

/** Flat blocks from the HTML that markdown-it wrote, and the footnotes' texts (note n at n − 1). */
function blocksFromHtml(html: string, warnings: string[]): { blocks: Block[]; notes: string[] } {
  const blocks: Block[] = [];
  const notes: string[] = [];
  const textOf = (node: Node) => markedTextOf(node).text;
  const visit = (node: HTMLElement) => {
    const tag = node.tagName?.toLowerCase();
    if (!tag) return;
    if (/^h[1-6]$/.test(tag)) {
      const level = Number(tag[1]);
      if (level > 3) warnings.push(`第 ${level} 级标题“${textOf(node)}”按第 3 级排版`);
      blocks.push({ kind: 'heading', level: Math.min(3, level) as 1 | 2 | 3, text: textOf(node) });
    } else if (tag === 'p') {
      for (const part of headingLinesApart(node)) {
        // a picture stands before the text of its part of the paragraph (under its heading)
        for (const img of part.querySelectorAll('img')) visit(img);
        const paragraph = markedTextOf(part);
        if (paragraph.text) blocks.push(paragraphOf(paragraph));
      }
    } else if (tag === 'ul' || tag === 'ol') {
      // each item its own words, a nested list's items after it
      const items = node
        .querySelectorAll('li')
        .map((li) => markedTextOf(li, isList).text)
        .filter(Boolean);
      if (node.querySelector('li ul, li ol')) warnings.push('多级列表已合并为一级');
      blocks.push({ kind: 'list', ordered: tag === 'ol', items });
    } else if (tag === 'table') {
      const rows = node.querySelectorAll('tr').map((tr) => tr.querySelectorAll('td, th').map(textOf));
      if (rows.length) blocks.push({ kind: 'table', rows });
    } else if (tag === 'img') {
      const embedded = /^data:image\/[\w.+-]+;base64,(.+)$/.exec(node.getAttribute('src') ?? '');
      const name = node.getAttribute('alt') || '（未命名）';
      if (embedded) {
        // the type the data URL claims is only a name: the bytes decide
        const data = Buffer.from(embedded[1], 'base64');
        const check = checkPicture(data);
        if (check.ok) blocks.push({ kind: 'image', type: check.type, data, width: check.width, height: check.height });
        else warnings.push(pictureWarning(name, check));
      } else
        warnings.push(
          `图片 ${node.getAttribute('src') ?? ''}${node.getAttribute('alt') ? `（${node.getAttribute('alt')}）` : ''} 不在稿件文件中（只能排入嵌入的图片），已略去`,
        );
    } else if (tag === 'section' && node.classList.contains('footnotes')) {
      for (const item of node.querySelectorAll('li.footnote-item')) {
        const number = /^fn(\d+)$/.exec(item.id);
        if (number) notes[Number(number[1]) - 1] = markedTextOf(item, (element) => element.classList?.contains('footnote-backref')).text;
      }
    } else if (tag === 'blockquote' || tag === 'div' || tag === 'section') {
      for (const child of node.childNodes) visit(child as HTMLElement);
    } else if (tag === 'pre') {
      blocks.push({ kind: 'paragraph', text: node.text.trim() });
    } else if (tag !== 'hr' && tag !== 'br') {
      const text = textOf(node);
      if (text) blocks.push({ kind: 'paragraph', text });
    }
  };
  for (const node of parse(html).childNodes) visit(node as HTMLElement);
  return { blocks, notes: Array.from(notes, (note) => note ?? '') };
}

/** The blocks of a manuscript file, and the texts of the notes they mark (Word's footnotes and endnotes). */
async function rawBlocks(data: Buffer, fileName: string, warnings: string[]): Promise<{ blocks: Block[]; notes: string[]; formulas?: number }> {
  const extension = extensionOf(fileName);
  if (extension === 'docx') {
    const files = new Map<string, Buffer>();
    await inspectDocx(data, files);
    try {
      return docxBlocks(files, warnings);
    } catch (error) {
      throw error instanceof ExtractError ? error : new ExtractError('文件已损坏，无法读取其中的内容');
    }
  }
  if (extension === 'md') return blocksFromHtml(new MarkdownIt({ html: false }).use(footnotes).render(decodeText(data)), warnings);
  if (extension === 'txt') {
    const lines = decodeText(data)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean);
    return { blocks: lines.map((text) => ({ kind: 'paragraph' as const, text })), notes: [] };
  }
  throw new ExtractError('只支持 .docx、.md 和 .txt 稿件');
}

const namesPart = (text: string) =>
  [ABSTRACT_ZH, ABSTRACT_EN, KEYWORDS_ZH, KEYWORDS_EN, CONTENTS_TITLE].some((p) => p.test(text)) || namedPart(text) !== undefined;
const isChapter = (b: Block) => b.kind === 'heading' && b.level === 1 && !namesPart(b.text);

/**
 * A manuscript that opens with a first-level heading which is not a chapter gives its title that way
 * (Markdown's `# 题目`): when it is the only first-level heading, the chapters are the second-level
 * ones, and every heading moves up a level; when the abstract or keywords follow it, it is the title.
 */
function titleFromHeading(blocks: Block[]): { title?: string; blocks: Block[] } {
  const [first, ...rest] = blocks;
  if (!first || !isChapter(first) || first.kind !== 'heading' || numberedHeading(first.text)) return { blocks };
  if (!rest.some(isChapter)) {
    return { title: first.text, blocks: rest.map((b) => (b.kind === 'heading' && b.level > 1 ? { ...b, level: (b.level - 1) as 1 | 2 } : b)) };
  }
  const next = rest.find((b) => b.kind === 'heading' || b.kind === 'paragraph');
  if (next && (next.kind === 'heading' || next.kind === 'paragraph') && namesPart(next.text) && namedPart(next.text) !== 'references')
    return { title: first.text, blocks: rest };
  return { blocks };
}

type Part = 'front' | 'abstractZh' | 'abstractEn' | 'contents' | 'body' | 'references' | 'acknowledgements' | 'appendices';

/** Where the reading of the blocks is: the manuscript so far and the part the next block belongs to. */
interface Reading {
  manuscript: Manuscript;
  part: Part;
  abstracts: { abstractZh: string[]; abstractEn: string[] };
  /** a keywords heading whose words are in the next paragraph */
  keywordsNext?: 'keywordsZh' | 'keywordsEn';
  /** the entries of the manuscript's own contents list, left out (none seen: undefined) */
  contentsEntries?: number;
  /**
   * blocks before the abstract that are not the title nor cover lines (an author's bare name, a
   * declaration): left out when the abstract, keywords or contents follow, else the body's start
   */
  held: Block[];
  /** the cover lines read before the abstract (学生姓名：林晓明, 示例大学), left out of the body */
  coverLines: string[];
}

const ABSTRACTS = [
  [ABSTRACT_ZH, 'abstractZh'],
  [ABSTRACT_EN, 'abstractEn'],
] as const;
const KEYWORDS = [
  [KEYWORDS_ZH, 'keywordsZh'],
  [KEYWORDS_EN, 'keywordsEn'],
] as const;

/** An entry of the manuscript's own contents list, as a paragraph, a heading or a list of them. */
const isContentsEntry = (block: Block, text: string) =>
  block.kind === 'list' ? block.items.every((item) => CONTENTS_ENTRY.test(item)) : Boolean(text) && CONTENTS_ENTRY.test(text);

/** A block that names a part of the thesis (摘要, 关键词, 目录, 参考文献, 致谢, 附录) opens it: true when the block is used up. */
function opensPart(r: Reading, block: Block, text: string): boolean {
  const { manuscript } = r;
  if (r.keywordsNext && block.kind === 'paragraph') {
    manuscript[r.keywordsNext] = splitKeywords(text);
    r.keywordsNext = undefined;
    return true;
  }
  r.keywordsNext = undefined;
  if (r.part === 'contents') {
    if (isContentsEntry(block, text)) {
      r.contentsEntries! += block.kind === 'list' ? block.items.length : 1;
      return true;
    }
    r.part = 'front';
  }
  if (!text) return false;
  if (CONTENTS_TITLE.test(text) && r.part !== 'body') {
    r.part = 'contents';
    r.contentsEntries ??= 0;
    return true;
  }
  for (const [pattern, key] of ABSTRACTS) {
    if (!pattern.test(text) || r.part === 'body') continue;
    r.part = key;
    const rest = text.replace(pattern, '');
    if (rest && block.kind === 'paragraph') r.abstracts[key].push(rest);
    return true;
  }
  if (text.length <= 300 && KEYWORDS.some(([pattern]) => pattern.test(text))) {
    for (const [pattern, key] of KEYWORDS) {
      if (!pattern.test(text)) continue;
      if (manuscript[key].length) manuscript.warnings.push(`关键词出现了不止一次，排入的是后一处：“${text.slice(0, 30)}”`);
      manuscript[key] = splitKeywords(text.replace(pattern, ''));
      if (!manuscript[key].length) r.keywordsNext = key;
    }
    return true;
  }
  const named = namedPart(text);
  if (named === 'references' || named === 'acknowledgements') r.part = named;
  else if (named === 'appendix') {
    r.part = 'appendices';
    manuscript.appendices.push({ kind: 'heading', level: 1, text });
  }
  return named !== undefined;
}

/** A block of the part the reading is in goes where that part is kept. */
function place(r: Reading, block: Block, text: string, heading: { level: 1 | 2 | 3; text: string } | undefined) {
  const { manuscript } = r;
  switch (r.part) {
    case 'abstractZh':
    case 'abstractEn':
      if (text) r.abstracts[r.part].push(text);
      break;
    case 'references':
      if (text) manuscript.references.push(text.replace(/^\[?\d+[\].、]\s*/, ''));
      else if (block.kind === 'list') manuscript.references.push(...block.items);
      else manuscript.warnings.push('参考文献中有表格或图片，已略去');
      break;
    case 'acknowledgements':
      manuscript.acknowledgements.push(block);
      break;
    case 'appendices':
      manuscript.appendices.push(heading ? { kind: 'heading', level: Math.min(3, heading.level + 1) as 1 | 2 | 3, text: heading.text } : block);
      break;
    default:
      if (r.part === 'front') heldToBody(r, 'body', block);
      manuscript.body.push(heading ? { kind: 'heading', ...heading } : block);
  }
}

/** The text a block holds: a heading's or a paragraph's, a list's items, a table's cells and caption, an image's caption. */
function textsOf(block: Block): string[] {
  if (block.kind === 'heading' || block.kind === 'paragraph') return [block.text];
  if (block.kind === 'list') return block.items;
  if (block.kind === 'table') return [...block.rows.flat(), block.caption ?? ''];
  return [block.caption ?? ''];
}

/** A block as a warning names it: its first words, or what it is. */
const quoted = (block: Block) => (block.kind === 'table' ? '（表格）' : block.kind === 'image' ? '（图片）' : (textsOf(block)[0] ?? '').slice(0, 30));
const charsOf = (block: Block) => textsOf(block).join('').length;

/**
 * The body starts, and the reading goes on in `part` (the body, or a part after it): what was held
 * back is the body's start. The first unrecognised block there, held or `next` (the block that
 * starts the body), is named in a warning.
 */
function heldToBody(r: Reading, part: Part = 'body', next?: Block) {
  const first = r.held[0] ?? next;
  if (first) r.manuscript.warnings.push(`正文前的内容“${quoted(first).slice(0, 20)}”无法识别，已放入正文开头`);
  r.manuscript.body.push(...r.held);
  r.held = [];
  r.part = part;
}

/** A part opened: before the abstract, keywords or contents, what was held back is left out and named; before references, acknowledgements or appendices, it is the body. */
function settleHeld(r: Reading) {
  if (!r.held.length) return;
  if (r.part === 'references' || r.part === 'acknowledgements' || r.part === 'appendices') return heldToBody(r, r.part);
  const names = r.held.slice(0, 3).map((b) => `“${quoted(b)}”`);
  r.manuscript.warnings.push(
    `摘要前的内容不是题目或封面信息，已略去（封面按填写的信息排出）：${names.join('')}${r.held.length > 3 ? `等 ${r.held.length} 段` : ''}`,
  );
  r.held = [];
}

/** A cover line before the abstract (学生姓名：林晓明, 示例大学, 本科毕业论文) is read and left out of the body: true when the block is used up. */
function readsCover(r: Reading, text: string): boolean {
  const values = coverValues(text);
  if (!values) return false;
  const { manuscript } = r;
  for (const [key, value] of values) {
    if (!key || !value) continue;
    if (key === 'title') manuscript.title ??= value;
    else (manuscript.cover ??= {})[key] ??= value;
  }
  r.coverLines.push(text);
  return true;
}

/** An unrecognised block before the abstract is held back while what is held stays the size of a cover: true when it was. */
function holds(r: Reading, block: Block): boolean {
  const chars = r.held.reduce((sum, b) => sum + charsOf(b), charsOf(block));
  if (r.held.length >= HELD_MAX_BLOCKS || chars > HELD_MAX_CHARS) return false;
  r.held.push(block);
  return true;
}

/** Sorts the blocks into the parts of a thesis. */
export function structure(allBlocks: Block[], warnings: string[] = []): Manuscript {
  const manuscript: Manuscript = { keywordsZh: [], keywordsEn: [], body: [], references: [], acknowledgements: [], appendices: [], warnings };
  const { title, blocks } = titleFromHeading(allBlocks);
  manuscript.title = title;
  const r: Reading = { manuscript, part: 'front', abstracts: { abstractZh: [], abstractEn: [] }, held: [], coverLines: [] };
  for (const block of blocks) {
    const text = block.kind === 'heading' || block.kind === 'paragraph' ? block.text : '';
    if (opensPart(r, block, text)) {
      settleHeld(r);
      continue;
    }
    const heading =
      block.kind === 'heading'
        ? { level: block.level, text: numberedHeading(block.text)?.text ?? block.text }
        : block.kind === 'paragraph'
          ? numberedHeading(block.text)
          : undefined;
    if (r.part === 'front' && !heading && block.kind === 'paragraph' && readsCover(r, text)) continue;
    if (r.part === 'front' && !heading && block.kind === 'paragraph' && !manuscript.title && text.length <= 80) {
      manuscript.title = text;
      continue;
    }
    if (r.part === 'front' && heading) heldToBody(r);
    if ((r.part === 'abstractZh' || r.part === 'abstractEn') && heading) r.part = 'body';
    if (r.part === 'front' && block.kind !== 'heading' && holds(r, block)) continue;
    place(r, block, text, heading);
  }
  if (r.part === 'front') heldToBody(r);
  if (r.coverLines.length)
    warnings.push(`稿件开头的封面信息未排入正文（封面按填写的信息排出）：${r.coverLines.map((line) => `“${line.slice(0, 30)}”`).join('')}`);
  if (r.contentsEntries !== undefined) warnings.push(`稿件自带的目录（${r.contentsEntries} 条）已略去：排版后的目录按正文的标题重新生成，页码由排版算出`);
  manuscript.abstractZh = r.abstracts.abstractZh.join('\n') || undefined;
  manuscript.abstractEn = r.abstracts.abstractEn.join('\n') || undefined;
  manuscript.body = attachCaptions(manuscript.body);
  if (!manuscript.body.some((b) => b.kind === 'heading')) warnings.push('没有识别到任何章节标题：请用 Word 标题样式，或以“第一章”“1.1”等编号开头');
  if (!manuscript.abstractZh && !manuscript.abstractEn) warnings.push('没有找到摘要（以“摘要”或“Abstract”开头的段落）');
  return manuscript;
}

/** "图 2-1 …" / "表 3 …" next to an image or table becomes its caption. */
function attachCaptions(blocks: Block[]): Block[] {
  const out: Block[] = [];
  for (let i = 0; i < blocks.length; i += 1) {
    const block = blocks[i];
    const caption = (b: Block | undefined) => (b?.kind === 'paragraph' && CAPTION.test(b.text) ? b.text.replace(CAPTION, '').trim() : undefined);
    if (block.kind === 'table' || block.kind === 'image') {
      const before = block.kind === 'table' ? caption(out[out.length - 1]) : undefined;
      const after = caption(blocks[i + 1]);
      if (before !== undefined) {
        out.pop();
        out.push({ ...block, caption: before });
      } else if (after !== undefined) {
        out.push({ ...block, caption: after });
        i += 1;
      } else out.push(block);
    } else out.push(block);
  }
  return out;
}

/** The numbers of the notes marked in paragraphs that are typeset as such (the body, acknowledgements, appendices). */
export function markedNotes(manuscript: Manuscript): Set<number> {
  const marked = new Set<number>();
  for (const block of [...manuscript.body, ...manuscript.acknowledgements, ...manuscript.appendices]) {
    if (block.kind === 'paragraph') for (const mark of block.notes ?? []) marked.add(mark.note);
  }
  return marked;
}

/**
 * The notes are typeset as footnotes where their marks are: in paragraphs of the body, the
 * acknowledgements and the appendices. A note marked elsewhere (the title, an abstract, a heading, a
 * list, a table, a caption, a reference) is named in a warning.
 */
function placeNotes(manuscript: Manuscript, notes: string[]) {
  if (!notes.length) return;
  manuscript.notes = notes;
  const placed = markedNotes(manuscript);
  const unplaced = notes.filter((_, i) => !placed.has(i + 1));
  if (unplaced.length) {
    manuscript.warnings.push(
      `${unplaced.length} 条脚注标在正文段落以外（题目、摘要、标题、列表、表格、图表标题或参考文献中），未能作为脚注排入，请排版后补上：“${unplaced[0].slice(0, 30)}”${unplaced.length > 1 ? '等' : ''}`,
    );
  }
}

/**
 * Word equations are typeset as equations in paragraphs of the body, the acknowledgements and the
 * appendices; elsewhere (the abstracts, headings, lists, tables, references) only their letters are
 * kept, which a warning asks the student to check.
 */
function checkFormulas(manuscript: Manuscript, read: number) {
  let kept = 0;
  for (const block of [...manuscript.body, ...manuscript.acknowledgements, ...manuscript.appendices])
    if (block.kind === 'paragraph') kept += block.formulas?.length ?? 0;
  if (read > kept)
    manuscript.warnings.push(
      `${read - kept} 处公式位于正文段落以外（摘要、标题、列表、表格或参考文献中），无法作为公式排入，只保留了其中的字母和数字，请排版后核对并补上`,
    );
}

/** A manuscript's length: the characters of its text, spaces not counted. */
export function manuscriptLength(manuscript: Manuscript): number {
  const blockTexts = (blocks: Block[]) => blocks.flatMap(textsOf);
  const texts = [
    manuscript.title ?? '',
    manuscript.abstractZh ?? '',
    manuscript.abstractEn ?? '',
    ...manuscript.keywordsZh,
    ...manuscript.keywordsEn,
    ...blockTexts(manuscript.body),
    ...manuscript.references,
    ...blockTexts(manuscript.acknowledgements),
    ...blockTexts(manuscript.appendices),
    ...(manuscript.notes ?? []),
  ];
  let length = 0;
  for (const text of texts) length += text.replace(/\s+/g, '').length;
  return length;
}

export async function readManuscript(data: Buffer, fileName: string): Promise<Manuscript> {
  if (data.length === 0) throw new ExtractError('文件是空的');
  const warnings: string[] = [];
  const { blocks, notes, formulas } = await rawBlocks(data, fileName, warnings);
  const manuscript = structure(blocks, warnings);
  placeNotes(manuscript, notes);
  checkFormulas(manuscript, formulas ?? 0);
  if (!manuscript.body.length) throw new ExtractError('稿件中没有正文');
  const length = manuscriptLength(manuscript);
  if (length > MANUSCRIPT_MAX_CHARS)
    throw new ExtractError(`稿件有 ${formatCount(length)} 字，超过排版的上限 ${formatCount(MANUSCRIPT_MAX_CHARS)} 字，请检查是否重复粘贴了内容，或分册排版`);
  return manuscript;
}
