/**
 * A Word manuscript's blocks read straight from its parts (document, styles, numbering,
 * relationships, notes), as the typesetter needs them: headings by their style, paragraphs, lists,
 * tables, embedded pictures. The parts are parsed once by a streaming XML parser into a small tree;
 * names are matched by namespace, so any prefix a producer chose reads the same.
 */
import { SaxesParser } from 'saxes';
import { ExtractError } from '../text/extract';
import type { Block, FormatSpan, Formula, NoteMark, TextFormat } from './types';
import { MarkedText, paragraphOf } from './markedText';
import { checkPicture, pictureWarning } from './picture';

interface XmlElement {
  /** canonical prefix and local name: w:p, r:embed, a:blip … */
  name: string;
  attributes: Record<string, string>;
  children: Array<XmlElement | string>;
}

/** The namespaces read here, under the prefixes this file uses (transitional and strict OOXML alike). */
const PREFIXES: Record<string, string> = {
  'http://schemas.openxmlformats.org/wordprocessingml/2006/main': 'w',
  'http://purl.oclc.org/ooxml/wordprocessingml/main': 'w',
  'http://schemas.openxmlformats.org/officeDocument/2006/relationships': 'r',
  'http://purl.oclc.org/ooxml/officeDocument/relationships': 'r',
  'http://schemas.openxmlformats.org/drawingml/2006/main': 'a',
  'http://purl.oclc.org/ooxml/drawingml/main': 'a',
  'http://schemas.openxmlformats.org/markup-compatibility/2006': 'mc',
  'http://schemas.openxmlformats.org/package/2006/relationships': 'rel',
  'urn:schemas-microsoft-com:vml': 'v',
  'http://schemas.openxmlformats.org/officeDocument/2006/math': 'm',
  'http://purl.oclc.org/ooxml/officeDocument/math': 'm',
};

const escapeXml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * A Word equation as XML under the prefixes the written document declares (m:, w:), and its letters.
 * What it holds in namespaces not read here (and the run formatting, not kept) is left out.
 */
function formulaOf(element: XmlElement): { omml: string; letters: string } {
  let letters = '';
  const write = (e: XmlElement): string => {
    if (e.name.startsWith('{')) return '';
    const attributes = Object.entries(e.attributes)
      .filter(([key]) => !key.startsWith('{') && key !== 'xmlns' && !key.startsWith('xmlns:'))
      .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
      .join('');
    const inner = e.children
      .map((c) => {
        if (typeof c !== 'string') return write(c);
        if (e.name === 'm:t' || e.name === 'w:t') {
          letters += c;
          return escapeXml(c);
        }
        return '';
      })
      .join('');
    return `<${e.name}${attributes}>${inner}</${e.name}>`;
  };
  const omml = write(element);
  return { omml, letters: letters.replace(/\s+/g, ' ').trim() };
}

/** The canonical prefix of each prefix in force on an element: declared on it or on an element around it. */
interface Scope {
  depth: number;
  prefixes: Map<string, string>;
  /** names as written → canonical names, for this scope */
  names: Map<string, string>;
}

/** The scope inside an element: its own declarations (xmlns, xmlns:p) over those around it. */
function scopeOf(attributes: Record<string, string>, outer: Scope, depth: number): Scope {
  let scope = outer;
  for (const key in attributes) {
    if (key !== 'xmlns' && !key.startsWith('xmlns:')) continue;
    if (scope === outer) scope = { depth, prefixes: new Map(outer.prefixes), names: new Map() };
    const uri = attributes[key];
    scope.prefixes.set(key === 'xmlns' ? '' : key.slice(6), PREFIXES[uri] ?? `{${uri}}`);
  }
  return scope;
}

/** An element's name, or a prefixed attribute's, with its canonical prefix (unprefixed attributes are in no namespace). */
function canonical(scope: Scope, name: string): string {
  let found = scope.names.get(name);
  if (found === undefined) {
    const colon = name.indexOf(':');
    const prefix = scope.prefixes.get(colon < 0 ? '' : name.slice(0, colon));
    found = prefix === undefined ? name : `${prefix}:${name.slice(colon + 1)}`;
    scope.names.set(name, found);
  }
  return found;
}

/**
 * What a part may hold: above a thesis of 500,000 characters (LibreOffice and pandoc write one to two
 * elements per character, formatting counted), because the tree costs tens of times its XML and a
 * small upload may unpack to 200 MB. At the limit a part takes about a second and 300 MB.
 */
const MAX_PART_BYTES = 64 * 1024 * 1024;
const MAX_ELEMENTS = 1_000_000;
const MAX_TEXT_CHARS = 10_000_000;
const tooMuch = () => new ExtractError('稿件内容超出了排版的上限，无法排版，请精简后重新上传');

/** Elements whose content nothing here reads (run, section and table formatting; proofing and bookmark marks): not built. */
const UNREAD = new Set(['w:rPr', 'w:sectPr', 'w:tblPr', 'w:tblGrid', 'w:trPr', 'w:proofErr', 'w:bookmarkStart', 'w:bookmarkEnd', 'w:lastRenderedPageBreak']);

/** The run properties kept (from a run's w:rPr, which is not built), under the attribute names they are kept as on the run. */
const RUN_FORMAT = new Map([
  ['w:b', 'format:bold'],
  ['w:i', 'format:italic'],
  ['w:vertAlign', 'format:vertAlign'],
]);
const OFF = new Set(['0', 'false', 'off']);

/** How a run's text was set: its own bold, italic and superscript or subscript (its style's are not read). */
function formatOf(run: XmlElement): TextFormat | undefined {
  const { attributes } = run;
  const on = (name: string) => attributes[name] !== undefined && !OFF.has(attributes[name]);
  const raised = attributes['format:vertAlign'];
  const format: TextFormat = {
    ...(on('format:bold') ? { bold: true as const } : {}),
    ...(on('format:italic') ? { italic: true as const } : {}),
    ...(raised === 'superscript' || raised === 'subscript' ? { vertAlign: raised } : {}),
  };
  return Object.keys(format).length ? format : undefined;
}

/**
 * The part's root element; throws on XML that is not well formed. Namespaces are resolved here rather
 * than by the parser (twice as fast without): most parts declare them all on their root.
 */
function parseXml(data: Buffer): XmlElement {
  if (data.length > MAX_PART_BYTES) throw tooMuch();
  const root: XmlElement = { name: '', attributes: {}, children: [] };
  const stack = [root];
  const scopes: Scope[] = [{ depth: 0, prefixes: new Map([['xml', 'xml']]), names: new Map() }];
  /** how deep inside an unread element the parser is (0: outside) */
  let unread = 0;
  /** the run whose properties are being skipped: their bold, italic and raising are kept on it */
  let formatted: XmlElement | undefined;
  let count = 0;
  let chars = 0;
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => {
    const written = tag.attributes as Record<string, string>;
    const outer = scopes[scopes.length - 1];
    const scope = scopeOf(written, outer, stack.length + unread);
    if (scope !== outer) scopes.push(scope);
    const name = canonical(scope, tag.name);
    if (unread || UNREAD.has(name)) {
      if (!unread) formatted = name === 'w:rPr' && stack[stack.length - 1].name === 'w:r' ? stack[stack.length - 1] : undefined;
      else if (unread === 1 && formatted && RUN_FORMAT.has(name)) {
        const key = Object.keys(written).find((k) => canonical(scope, k) === 'w:val');
        formatted.attributes[RUN_FORMAT.get(name)!] = key === undefined ? 'on' : written[key];
      }
      unread += 1;
      return;
    }
    if ((count += 1) > MAX_ELEMENTS) throw tooMuch();
    const attributes: Record<string, string> = {};
    for (const key in written) attributes[key.includes(':') ? canonical(scope, key) : key] = written[key];
    const element: XmlElement = { name, attributes, children: [] };
    stack[stack.length - 1].children.push(element);
    stack.push(element);
  });
  parser.on('closetag', () => {
    if (unread) unread -= 1;
    else stack.pop();
    if (scopes[scopes.length - 1].depth === stack.length + unread) scopes.pop();
  });
  parser.on('text', (text) => {
    if (unread) return;
    if ((chars += text.length) > MAX_TEXT_CHARS) throw tooMuch();
    stack[stack.length - 1].children.push(text);
  });
  parser.write(data.toString('utf8')).close();
  const element = root.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!element) throw new Error('empty part');
  return element;
}

const elements = (element: XmlElement | undefined) => (element?.children ?? []).filter((c): c is XmlElement => typeof c !== 'string');
const child = (element: XmlElement | undefined, name: string) => {
  for (const c of element?.children ?? []) if (typeof c !== 'string' && c.name === name) return c;
  return undefined;
};
const value = (element: XmlElement | undefined) => element?.attributes['w:val'];

/** Containers that only wrap what they hold (content controls, custom XML, tracked insertions …). */
const TRANSPARENT = new Set(['w:sdt', 'w:sdtContent', 'w:customXml', 'w:smartTag', 'w:ins', 'w:moveTo', 'w:hyperlink', 'w:fldSimple', 'w:dir', 'w:bdo']);

/** Children of an element, looking through the containers above; of alternative content, its fallback (what every reader understands). */
function* contentOf(element: XmlElement): Generator<XmlElement> {
  for (const c of elements(element)) {
    if (TRANSPARENT.has(c.name)) yield* contentOf(c);
    else if (c.name === 'mc:AlternateContent') {
      const fallback = child(c, 'mc:Fallback');
      if (fallback) yield* contentOf(fallback);
    } else yield c;
  }
}

const HEADING_ID = /^Heading([1-6])?$/;
const HEADING_NAME = /^heading(?: ([1-6]))?$/i;
/** Parts of a paragraph that are not its text: properties, deleted text, field instructions. */
const NOT_TEXT = new Set(['w:pPr', 'w:rPr', 'w:del', 'w:moveFrom', 'w:delText', 'w:instrText', 'w:fldChar', 'w:commentReference']);

interface Part {
  root: XmlElement;
  /** relationship id → target path in the package, or the address of an external one */
  targets: Map<string, { path: string; external: boolean }>;
}

/** word/_rels/document.xml.rels for word/document.xml: each target resolved against the part's folder. */
function readPart(files: Map<string, Buffer>, path: string): Part | undefined {
  const data = files.get(path);
  if (!data) return undefined;
  const folder = path.slice(0, path.lastIndexOf('/') + 1);
  const rels = files.get(`${folder}_rels/${path.slice(folder.length)}.rels`);
  const targets = new Map<string, { path: string; external: boolean }>();
  for (const rel of rels ? elements(parseXml(rels)) : []) {
    const { Id: id, Target: target = '', TargetMode: mode } = rel.attributes;
    const external = mode === 'External';
    targets.set(id, { external, path: external ? target : target.startsWith('/') ? target.slice(1) : normalizePath(folder + target) });
  }
  return { root: parseXml(data), targets };
}

const normalizePath = (path: string) => {
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '..') out.pop();
    else if (segment !== '.') out.push(segment);
  }
  return out.join('/');
};

/** The heading level of each paragraph style that is a heading (by the ids and names Word gives them). */
function readHeadingStyles(files: Map<string, Buffer>) {
  const headings = new Map<string, number>();
  const styles = files.get('word/styles.xml');
  for (const style of styles ? elements(parseXml(styles)) : []) {
    if (style.name !== 'w:style' || style.attributes['w:type'] !== 'paragraph') continue;
    const id = style.attributes['w:styleId'] ?? '';
    const byId = HEADING_ID.exec(id);
    const byName = HEADING_NAME.exec(value(child(style, 'w:name')) ?? '');
    const match = byId ?? byName;
    if (match) headings.set(id, Number(match[1] ?? 1));
  }
  return (id: string | undefined) => (id === undefined ? undefined : headings.get(id));
}

interface Numbering {
  /** whether the list level a paragraph is in counts (1, a, i …) or not (a bullet); undefined when it is in none */
  ordered(numId: string | undefined, level: number, styleId: string | undefined): boolean | undefined;
}

function readNumbering(files: Map<string, Buffer>): Numbering {
  const data = files.get('word/numbering.xml');
  const abstract = new Map<string, Map<number, boolean>>();
  const byStyle = new Map<string, boolean>();
  const nums = new Map<string, string>();
  for (const element of data ? elements(parseXml(data)) : []) {
    if (element.name === 'w:abstractNum') {
      const levels = new Map<number, boolean>();
      for (const level of elements(element).filter((l) => l.name === 'w:lvl')) {
        const ordered = value(child(level, 'w:numFmt')) !== 'bullet';
        levels.set(Number(level.attributes['w:ilvl'] ?? 0), ordered);
        const style = value(child(level, 'w:pStyle'));
        if (style !== undefined) byStyle.set(style, ordered);
      }
      abstract.set(element.attributes['w:abstractNumId'], levels);
    } else if (element.name === 'w:num') {
      const id = value(child(element, 'w:abstractNumId'));
      if (id !== undefined) nums.set(element.attributes['w:numId'], id);
    }
  }
  return {
    ordered: (numId, level, styleId) => {
      if (numId !== undefined) {
        const id = nums.get(numId);
        return id === undefined ? undefined : abstract.get(id)?.get(level);
      }
      return styleId === undefined ? undefined : byStyle.get(styleId);
    },
  };
}

/** What a paragraph holds: its text (whitespace collapsed), the marks of the notes it refers to, its formatting, its pictures. */
interface ParagraphContent {
  text: string;
  notes: NoteMark[];
  spans: FormatSpan[];
  formulas: Formula[];
  pictures: Array<{ id: string; external: boolean }>;
}

/** `noteOf` gives a note reference's number, or undefined for a note the package does not have. */
/** A note's number by its kind and id, given when the text first refers to it. */
type NoteNumbers = (kind: 'footnote' | 'endnote', id: string) => number | undefined;

function paragraphContent(paragraph: XmlElement, noteOf: NoteNumbers): ParagraphContent {
  const text = new MarkedText();
  const pictures: ParagraphContent['pictures'] = [];
  let format: TextFormat | undefined;
  const visit = (element: XmlElement) => {
    for (const c of contentOf(element)) {
      if (NOT_TEXT.has(c.name)) continue;
      switch (c.name) {
        case 'w:r': {
          const outer = format;
          format = formatOf(c);
          visit(c);
          format = outer;
          break;
        }
        case 'w:t':
          for (const piece of c.children) if (typeof piece === 'string') text.add(piece, format);
          break;
        case 'm:oMathPara':
        case 'm:oMath': {
          const { omml, letters } = formulaOf(c);
          text.formula(omml, letters);
          break;
        }
        case 'w:tab':
        case 'w:br':
        case 'w:cr':
          text.add(' ');
          break;
        case 'w:noBreakHyphen':
          text.add('-');
          break;
        case 'w:footnoteReference':
        case 'w:endnoteReference': {
          const note = noteOf(c.name === 'w:footnoteReference' ? 'footnote' : 'endnote', c.attributes['w:id']);
          if (note !== undefined) text.mark(note);
          break;
        }
        case 'a:blip': {
          const id = c.attributes['r:embed'] ?? c.attributes['r:link'];
          if (id) pictures.push({ id, external: !c.attributes['r:embed'] });
          break;
        }
        case 'v:imagedata':
          if (c.attributes['r:id']) pictures.push({ id: c.attributes['r:id'], external: false });
          break;
        default:
          visit(c);
      }
    }
  };
  visit(paragraph);
  return { ...text.done(), pictures };
}

/**
 * The footnotes and endnotes as the paragraphs refer to them: numbered in the order they are first
 * referred to; a note referred to again keeps its number and is read once.
 */
function noteReader(files: Map<string, Buffer>) {
  const texts: string[] = [];
  const parts = new Map<string, Map<string, XmlElement>>();
  const numbers = new Map<string, number>();
  const numberOf = (kind: 'footnote' | 'endnote', id: string) => {
    const key = `${kind} ${id}`;
    if (!numbers.has(key)) {
      if (!parts.has(kind)) {
        const part = files.get(`word/${kind}s.xml`);
        parts.set(kind, new Map(part ? elements(parseXml(part)).map((note) => [note.attributes['w:id'], note] as const) : []));
      }
      const note = parts.get(kind)!.get(id);
      if (!note) return undefined;
      // a note's own paragraphs cannot refer to further notes
      texts.push(
        elements(note)
          .map((p) => paragraphContent(p, () => undefined).text)
          .filter(Boolean)
          .join(' '),
      );
      numbers.set(key, texts.length);
    }
    return numbers.get(key);
  };
  return { texts, numberOf };
}

/**
 * The manuscript's blocks in order, and the texts of the footnotes and endnotes its paragraphs mark
 * (numbered in the order they are first referred to); what cannot be typeset is warned about.
 */
export function docxBlocks(files: Map<string, Buffer>, warnings: string[]): { blocks: Block[]; notes: string[]; formulas: number } {
  const document = readPart(files, 'word/document.xml');
  const body = child(document?.root, 'w:body');
  if (!document || !body) throw new Error('no document body');
  const headingLevel = readHeadingStyles(files);
  const numbering = readNumbering(files);
  const blocks: Block[] = [];
  const notes = noteReader(files);
  /** the Word equations read (each kept as such only in a paragraph of the body) */
  let formulaCount = 0;

  let list: Extract<Block, { kind: 'list' }> | undefined;
  let nestedWarned = false;
  const picture = ({ id, external }: ParagraphContent['pictures'][number]) => {
    const target = document.targets.get(id);
    if (!target || external || target.external) {
      warnings.push(`图片 ${target?.path ?? id} 不在稿件文件中（只能排入嵌入的图片），已略去`);
      return;
    }
    const data = files.get(target.path);
    const name = target.path.split('/').pop();
    if (!data || !name) {
      warnings.push(`图片 ${name || id} 在稿件文件中找不到（文件可能已损坏），已略去`);
      return;
    }
    const check = checkPicture(data);
    if (check.ok) blocks.push({ kind: 'image', type: check.type, data, width: check.width, height: check.height });
    else warnings.push(pictureWarning(name, check));
  };

  const paragraph = (p: XmlElement) => {
    const properties = child(p, 'w:pPr');
    const styleId = value(child(properties, 'w:pStyle'));
    const listProperties = child(properties, 'w:numPr');
    const level = Number(value(child(listProperties, 'w:ilvl')) ?? 0);
    const { text, notes: marks, spans, formulas, pictures } = paragraphContent(p, notes.numberOf);
    formulaCount += formulas.length;
    pictures.forEach(picture);
    const heading = headingLevel(styleId);
    const ordered = heading === undefined ? numbering.ordered(value(child(listProperties, 'w:numId')), level, styleId) : undefined;
    if (ordered === undefined || pictures.length) list = undefined;
    if (!text) return;
    if (heading !== undefined) {
      if (heading > 3) warnings.push(`第 ${heading} 级标题“${text}”按第 3 级排版`);
      blocks.push({ kind: 'heading', level: Math.min(3, heading) as 1 | 2 | 3, text });
    } else if (ordered === undefined) blocks.push(paragraphOf({ text, notes: marks, spans, formulas }));
    else {
      if (!list || (level === 0 && list.ordered !== ordered)) {
        list = { kind: 'list', ordered, items: [] };
        blocks.push(list);
      }
      if (level > 0 && !nestedWarned) {
        warnings.push('多级列表已合并为一级');
        nestedWarned = true;
      }
      list.items.push(text);
    }
  };

  const table = (tbl: XmlElement) => {
    const { rows, pictures, formulas } = tableOf(tbl, notes.numberOf);
    formulaCount += formulas;
    if (pictures) warnings.push(`表格中的 ${pictures} 张图片无法排入表格，已略去`);
    if (rows.length) blocks.push({ kind: 'table', rows });
  };

  for (const element of contentOf(body)) {
    if (element.name === 'w:p') paragraph(element);
    else if (element.name === 'w:tbl') {
      list = undefined;
      table(element);
    }
  }
  return { blocks, notes: notes.texts, formulas: formulaCount };
}

/** A table's rows of cell texts (a nested table's cells joined into its cell), and how many pictures its cells had. */
function tableOf(tbl: XmlElement, numberOf: NoteNumbers): { rows: string[][]; pictures: number; formulas: number } {
  let pictures = 0;
  let formulas = 0;
  const cellText = (cell: XmlElement): string =>
    [...contentOf(cell)]
      .map((c) => {
        if (c.name === 'w:tbl')
          return [...contentOf(c)]
            .filter((r) => r.name === 'w:tr')
            .flatMap((r) => [...contentOf(r)].filter((x) => x.name === 'w:tc').map(cellText))
            .join(' ');
        if (c.name !== 'w:p') return '';
        const content = paragraphContent(c, numberOf);
        pictures += content.pictures.length;
        formulas += content.formulas.length;
        return content.text;
      })
      .filter(Boolean)
      .join(' ');
  // merged cells are written apart: the merged one has the text, the others stay empty, so columns keep their place
  const rows = [...contentOf(tbl)]
    .filter((row) => row.name === 'w:tr')
    .map((row) =>
      [...contentOf(row)]
        .filter((cell) => cell.name === 'w:tc')
        .flatMap((cell) => [isMergedAbove(cell) ? '' : cellText(cell), ...Array<string>(spanOf(cell) - 1).fill('')]),
    );
  return { rows, pictures, formulas };
}

const isMergedAbove = (cell: XmlElement) => {
  const merge = child(child(cell, 'w:tcPr'), 'w:vMerge');
  return merge !== undefined && value(merge) !== 'restart';
};

/** How many grid columns a cell spans (gridSpan), within what a table can have. */
const spanOf = (cell: XmlElement) => Math.min(63, Math.max(1, Number(value(child(child(cell, 'w:tcPr'), 'w:gridSpan'))) || 1));
