/**
 * A manuscript → its structure: title, Chinese and English abstracts and keywords, headings (from
 * Word heading styles, Markdown, or recognised from numbering such as 第一章, 1.1, 一、), paragraphs,
 * lists, tables, images with their captions, references, acknowledgements and appendices. What
 * cannot be placed is reported as a warning, never guessed at silently.
 */
import mammoth from 'mammoth';
import MarkdownIt from 'markdown-it';
import { parse, type HTMLElement, type Node } from 'node-html-parser';
import { namedPart, numberedHeading } from '../../../../common/text/headings';
import { decodeText, extensionOf, ExtractError, inspectDocx } from '../text/extract';

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; rows: string[][]; caption?: string }
  | { kind: 'image'; data: Buffer; type: 'png' | 'jpg' | 'gif' | 'bmp'; caption?: string };

export interface Manuscript {
  title?: string;
  abstractZh?: string;
  keywordsZh: string[];
  abstractEn?: string;
  keywordsEn: string[];
  body: Block[];
  references: string[];
  acknowledgements: Block[];
  appendices: Block[];
  warnings: string[];
}

const CAPTION = /^(图|表|figure|table)\s*\d+([.\-–]\d+)?[\s.:：]*/i;
/** A part's name at the start of a paragraph or alone: 摘要 / 【摘要】 / 摘 要： / Abstract. … */
const named = (name: string) => new RegExp(`^(?:[【\\[]${name}[】\\]]\\s*[:：.]?\\s*|${name}(?:\\s*[:：.]\\s*|\\s+|$))`, 'i');
const ABSTRACT_ZH = named('摘\\s*要');
const ABSTRACT_EN = named('abstract');
// 关键词：… / 关键字 … / Keywords: … / Key words …; alone (a heading), its words follow in the next paragraph
const KEYWORDS_ZH = named('关\\s*键\\s*[词字]');
const KEYWORDS_EN = named('key\\s*-?\\s*words?');

const splitKeywords = (text: string) => text.split(/[；;，,、]\s*/).map((k) => k.trim()).filter(Boolean);

/** Flat blocks from the HTML that mammoth or markdown-it wrote. */
function blocksFromHtml(html: string, warnings: string[]): Block[] {
  const blocks: Block[] = [];
  const textOf = (node: Node) => node.text.replace(/\s+/g, ' ').trim();
  const visit = (node: HTMLElement) => {
    const tag = node.tagName?.toLowerCase();
    if (!tag) return;
    if (/^h[1-6]$/.test(tag)) {
      const level = Number(tag[1]);
      if (level > 3) warnings.push(`第 ${level} 级标题“${textOf(node)}”按第 3 级排版`);
      blocks.push({ kind: 'heading', level: Math.min(3, level) as 1 | 2 | 3, text: textOf(node) });
    } else if (tag === 'p') {
      const images = node.querySelectorAll('img');
      for (const img of images) visit(img);
      const text = textOf(node);
      if (text) blocks.push({ kind: 'paragraph', text });
    } else if (tag === 'ul' || tag === 'ol') {
      const items = node.querySelectorAll('li').map(textOf).filter(Boolean);
      if (node.querySelector('li ul, li ol')) warnings.push('多级列表已合并为一级');
      blocks.push({ kind: 'list', ordered: tag === 'ol', items });
    } else if (tag === 'table') {
      const rows = node.querySelectorAll('tr').map((tr) => tr.querySelectorAll('td, th').map(textOf));
      if (rows.length) blocks.push({ kind: 'table', rows });
    } else if (tag === 'img') {
      const match = /^data:image\/(png|jpeg|jpg|gif|bmp);base64,(.+)$/.exec(node.getAttribute('src') ?? '');
      if (match) blocks.push({ kind: 'image', type: match[1] === 'jpeg' ? 'jpg' : (match[1] as 'png' | 'jpg' | 'gif' | 'bmp'), data: Buffer.from(match[2], 'base64') });
      else warnings.push(`图片 ${node.getAttribute('src') ?? ''}${node.getAttribute('alt') ? `（${node.getAttribute('alt')}）` : ''} 不在稿件文件中（只能排入嵌入的图片），已略去`);
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
  return blocks;
}

async function rawBlocks(data: Buffer, fileName: string, warnings: string[]): Promise<Block[]> {
  const extension = extensionOf(fileName);
  if (extension === 'docx') {
    await inspectDocx(data);
    try {
      const { value } = await mammoth.convertToHtml(
        { buffer: data },
        { convertImage: mammoth.images.imgElement(async (image) => ({ src: `data:${image.contentType};base64,${await image.read('base64')}` })) },
      );
      return blocksFromHtml(value, warnings);
    } catch {
      throw new ExtractError('文件已损坏，无法读取其中的内容');
    }
  }
  if (extension === 'md') return blocksFromHtml(new MarkdownIt({ html: false }).render(decodeText(data)), warnings);
  if (extension === 'txt') {
    return decodeText(data)
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean)
      .map((text) => ({ kind: 'paragraph' as const, text }));
  }
  throw new ExtractError('只支持 .docx、.md 和 .txt 稿件');
}

const namesPart = (text: string) => [ABSTRACT_ZH, ABSTRACT_EN, KEYWORDS_ZH, KEYWORDS_EN].some((p) => p.test(text)) || namedPart(text) !== undefined;
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
  if (next && (next.kind === 'heading' || next.kind === 'paragraph') && namesPart(next.text) && namedPart(next.text) !== 'references') return { title: first.text, blocks: rest };
  return { blocks };
}

/** Sorts the blocks into the parts of a thesis. */
export function structure(allBlocks: Block[], warnings: string[] = []): Manuscript {
  const manuscript: Manuscript = { keywordsZh: [], keywordsEn: [], body: [], references: [], acknowledgements: [], appendices: [], warnings };
  let part: 'front' | 'abstractZh' | 'abstractEn' | 'body' | 'references' | 'acknowledgements' | 'appendices' = 'front';
  const { title, blocks } = titleFromHeading(allBlocks);
  manuscript.title = title;
  const abstractZh: string[] = [];
  const abstractEn: string[] = [];
  // a keywords heading whose words are in the next paragraph
  let keywordsNext: 'keywordsZh' | 'keywordsEn' | undefined;
  for (const block of blocks) {
    const text = block.kind === 'heading' || block.kind === 'paragraph' ? block.text : '';
    if (keywordsNext && block.kind === 'paragraph') {
      manuscript[keywordsNext] = splitKeywords(text);
      keywordsNext = undefined;
      continue;
    }
    keywordsNext = undefined;
    // the parts a thesis names
    if (text && ABSTRACT_ZH.test(text) && part !== 'body') {
      part = 'abstractZh';
      const rest = text.replace(ABSTRACT_ZH, '');
      if (rest && block.kind === 'paragraph') abstractZh.push(rest);
      continue;
    }
    if (text && ABSTRACT_EN.test(text) && part !== 'body') {
      part = 'abstractEn';
      const rest = text.replace(ABSTRACT_EN, '');
      if (rest && block.kind === 'paragraph') abstractEn.push(rest);
      continue;
    }
    for (const [pattern, key] of [[KEYWORDS_ZH, 'keywordsZh'], [KEYWORDS_EN, 'keywordsEn']] as const) {
      if (!text || !pattern.test(text) || text.length > 300) continue;
      if (manuscript[key].length) warnings.push(`关键词出现了不止一次，排入的是后一处：“${text.slice(0, 30)}”`);
      manuscript[key] = splitKeywords(text.replace(pattern, ''));
      if (!manuscript[key].length) keywordsNext = key;
    }
    if (text && (KEYWORDS_ZH.test(text) || KEYWORDS_EN.test(text)) && text.length <= 300) continue;
    const named = text ? namedPart(text) : undefined;
    if (named === 'references' || named === 'acknowledgements') {
      part = named;
      continue;
    }
    if (named === 'appendix') {
      part = 'appendices';
      manuscript.appendices.push({ kind: 'heading', level: 1, text });
      continue;
    }
    const heading = block.kind === 'heading' ? { level: block.level, text: numberedHeading(block.text)?.text ?? block.text } : block.kind === 'paragraph' ? numberedHeading(block.text) : undefined;

    if (part === 'front' && !heading && block.kind === 'paragraph' && !manuscript.title && text.length <= 80) {
      manuscript.title = text;
      continue;
    }
    if ((part === 'front' || part === 'abstractZh' || part === 'abstractEn') && heading) part = 'body';
    if (part === 'front' && manuscript.title && block.kind === 'heading' && block.level === 1 && !manuscript.body.length) {
      part = 'body';
    }
    switch (part) {
      case 'abstractZh':
        if (text) abstractZh.push(text);
        break;
      case 'abstractEn':
        if (text) abstractEn.push(text);
        break;
      case 'references':
        if (text) manuscript.references.push(text.replace(/^\[?\d+[\].、]\s*/, ''));
        else if (block.kind === 'list') manuscript.references.push(...block.items);
        else warnings.push('参考文献中有表格或图片，已略去');
        break;
      case 'acknowledgements':
        manuscript.acknowledgements.push(block);
        break;
      case 'appendices':
        manuscript.appendices.push(heading ? { kind: 'heading', level: Math.min(3, heading.level + 1) as 1 | 2 | 3, text: heading.text } : block);
        break;
      default:
        if (part === 'front') {
          warnings.push(`正文前的内容“${text.slice(0, 20) || '（图表）'}”无法识别，已放入正文开头`);
          part = 'body';
        }
        manuscript.body.push(heading ? { kind: 'heading', ...heading } : block);
    }
  }
  manuscript.abstractZh = abstractZh.join('\n') || undefined;
  manuscript.abstractEn = abstractEn.join('\n') || undefined;
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

export async function readManuscript(data: Buffer, fileName: string): Promise<Manuscript> {
  if (data.length === 0) throw new ExtractError('文件是空的');
  const warnings: string[] = [];
  const manuscript = structure(await rawBlocks(data, fileName, warnings), warnings);
  if (!manuscript.body.length) throw new ExtractError('稿件中没有正文');
  return manuscript;
}
