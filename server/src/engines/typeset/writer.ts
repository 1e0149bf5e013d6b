/**
 * A manuscript's structure → a .docx that follows the template: real named styles (Normal,
 * Heading 1–3, Caption, …), multilevel heading numbering, a table of contents field if the template
 * has one, and either a thesis's three sections (cover without numbers; front matter in Roman
 * numerals; body in Arabic numerals from the first chapter) or a journal article's one (the title
 * block, abstracts and body in Arabic numerals from the first page), headers and footers, images
 * and tables kept, references per the style.
 */
import {
  AlignmentType,
  Document,
  Footer,
  FootnoteReferenceRun,
  Header,
  HeadingLevel,
  ImageRun,
  LevelFormat,
  LineRuleType,
  NumberFormat,
  PageBreak,
  PageNumber,
  Paragraph,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
  type IParagraphStyleOptions,
  type ISectionOptions,
  type IXmlableObject,
  type PageNumberEstimator,
} from 'docx';
import { TextWatermark } from 'docx/watermarks';
import { markedNotes, type Block, type CoverInfo, type FormatSpan, type Formula, type Manuscript, type NoteMark } from './manuscript';
import { packDocx } from './pack';
import { hasTitleBlock, pointsOf, type Template, type TextStyle } from './template';

/** The cover's fields: the title and author the form asks for, and what a manuscript's cover lines may say. */
export interface CoverFields extends CoverInfo {
  title: string;
  author: string;
}

const TWIPS_PER_CM = 566.93;
const ALIGN = { left: AlignmentType.LEFT, center: AlignmentType.CENTER, right: AlignmentType.RIGHT, justify: AlignmentType.JUSTIFIED } as const;
const PAGE = { A4: { width: 11906, height: 16838 }, Letter: { width: 12240, height: 15840 } };

/** A template style as a docx paragraph style. */
/** Chinese text is simplified Chinese: Word and LibreOffice pick its glyph forms (and fallback faces) by it. */
const LANGUAGE = { value: 'en-US', eastAsia: 'zh-CN' };

/** Centred and right-aligned text has no first-line indent: it would sit that far off its centre or edge. */
const UNINDENTED = new Set(['center', 'right']);

function paragraphStyle(id: string, name: string, style: TextStyle, extra: Partial<IParagraphStyleOptions> = {}): IParagraphStyleOptions {
  const size = pointsOf(style.size);
  const line =
    typeof style.lineSpacing === 'string'
      ? { line: Math.round(parseFloat(style.lineSpacing) * 20), lineRule: LineRuleType.EXACT }
      : style.lineSpacing
        ? { line: Math.round(style.lineSpacing * 240), lineRule: LineRuleType.AUTO }
        : {};
  // a style based on Normal would otherwise inherit its body text's indent
  const indent =
    style.firstLineChars !== undefined
      ? { firstLine: Math.round(style.firstLineChars * size * 20) }
      : id !== 'Normal' && style.align && UNINDENTED.has(style.align)
        ? { firstLine: 0 }
        : undefined;
  return {
    id,
    name,
    basedOn: id === 'Normal' ? undefined : 'Normal',
    next: 'Normal',
    quickFormat: true,
    run: {
      font: { ascii: style.latinFont, hAnsi: style.latinFont, eastAsia: style.zhFont, cs: style.latinFont },
      size: Math.round(size * 2),
      bold: style.bold ?? false,
    },
    paragraph: {
      alignment: style.align ? ALIGN[style.align as keyof typeof ALIGN] : undefined,
      spacing: { before: Math.round((style.spaceBeforePt ?? 0) * 20), after: Math.round((style.spaceAfterPt ?? 0) * 20), ...line },
      indent,
    },
    ...extra,
  };
}

/** Parts of a formatted body that hold neither paragraph styles nor bookmarks: attributes, run properties, text. */
const WITHOUT_BOOKMARKS = new Set(['_attr', 'w:rPr', 'w:t']);

/**
 * The bookmarks in a document body, in order, each with the style of its paragraph (the headings' ones are the
 * contents' anchors). It walks every element of the body, so it allocates nothing and skips what cannot hold either.
 */
function bookmarksOf(node: unknown, found: Array<{ name: string; style?: string }> = [], at: { style?: string } = {}) {
  if (Array.isArray(node)) for (const child of node) bookmarksOf(child, found, at);
  else if (node && typeof node === 'object') {
    for (const key in node) {
      if (WITHOUT_BOOKMARKS.has(key)) continue;
      const value = (node as Record<string, unknown>)[key];
      const attributes = (value as { _attr?: Record<string, string> } | undefined)?._attr;
      if (key === 'w:pStyle' && attributes?.['w:val']) at.style = attributes['w:val'];
      else if (key === 'w:bookmarkStart' && attributes?.['w:name']) found.push({ name: attributes['w:name'], style: at.style });
      else bookmarksOf(value, found, at);
    }
  }
  return found;
}

const ZH_DIGITS = '零一二三四五六七八九';
/** 1 → 一, 10 → 十, 12 → 十二, 21 → 二十一 (Word's chineseCounting, up to 99). */
export const chineseNumber = (n: number) => (n < 10 ? ZH_DIGITS[n] : `${n >= 20 ? ZH_DIGITS[Math.floor(n / 10)] : ''}十${n % 10 ? ZH_DIGITS[n % 10] : ''}`);

/** A heading's number from the counters of its level and those above, as Word writes the level's text. */
function numberOf(headings: Template['headings'], counters: number[], level: number) {
  // Arabic numbers under a Chinese-numbered level (isLegalNumberingStyle), else each in its level's own style
  const legal = !headings[level].zh && level > 0;
  return headings[level].format.replace(/\{(\d)\}/g, (_, k: string) => {
    const n = counters[Number(k) - 1];
    return !legal && headings[Number(k) - 1].zh ? chineseNumber(n) : String(n);
  });
}

const isFullWidth = (c: string) => /[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/.test(c);

/**
 * The contents' entries as a layout engine laid them out: `pages[i]` is the page label (as its
 * footer shows it) the i-th heading of the contents starts on, `numbers[i]` its number. The tab
 * after a number is placed past it in the contents' own font and indents (docx measures it in
 * Word's default font, too short for （一） in 宋体, which pushed the title behind the dot leader).
 */
function laidOut(pages: string[], numbers: Array<string | undefined>, toc: TextStyle, indentStep: number): PageNumberEstimator {
  // docx asks for the list numbers and the pages of the same body: it is walked once
  const walked = new WeakMap<IXmlableObject, Array<{ name: string; style?: string }>>();
  const headings = (body: IXmlableObject) => {
    if (!walked.has(body))
      walked.set(
        body,
        bookmarksOf(body).filter(({ name }) => name.startsWith('_Toc')),
      );
    return walked.get(body)!;
  };
  const estimator = ((body: IXmlableObject) => ({
    bookmarks: new Map(headings(body).flatMap(({ name }, i) => (pages[i] ? [[name, pages[i]] as [string, string]] : []))),
  })) as PageNumberEstimator;
  const size = pointsOf(toc.size) * 20;
  const listNumbers: PageNumberEstimator['listNumbers'] = (body) =>
    new Map(
      headings(body).flatMap(({ name, style }, i) => {
        const text = numbers[i];
        if (!text) return [];
        const level = Number(/\d$/.exec(style ?? '')?.[0] ?? 1);
        const width = [...text].reduce((sum, c) => sum + (isFullWidth(c) ? size : size / 2), 0);
        // docx puts the tab stop at 240 × (level − 1) + width + 240 twips: past the number where our indents put it
        return [[name, { text, separator: 'tab' as const, width: Math.round((level - 1) * (indentStep - 240) + width + size / 2) }]];
      }),
    );
  return Object.assign(estimator, { listNumbers });
}

/** '第{1}章' → '第%1章' (Word's level text). */
const levelText = (format: string) => format.replace(/\{(\d)\}/g, '%$1');

/**
 * Fills {title}, {school} … in a template line. A line with fields, all of them empty, is dropped,
 * its label with it: a cover handed in never reads 指导教师： or Supervisor: with nothing after it.
 */
function fill(line: string, fields: CoverFields): string | undefined {
  let filled = false;
  let hasFields = false;
  const text = line.replace(/\{(\w+)\}/g, (_, key: keyof CoverFields) => {
    hasFields = true;
    const value = fields[key]?.trim();
    if (value) filled = true;
    return value ?? '';
  });
  return hasFields && !filled ? undefined : text;
}

export interface WriteOptions {
  /** written diagonally across every page, the cover's included (the unpaid preview's pages) */
  watermark?: string;
  /** the page label each contents entry starts on, in order, from a layout engine (see layout.ts); without them the entries have no page numbers and Word refreshes them on opening */
  pages?: string[];
}

/** The page size and margins in twips, and the text column's width in pixels (images fit it). */
function pageGeometry(template: Template) {
  const page = PAGE[template.page.size];
  const margins = template.page.marginsCm;
  const twips = (cm: number) => Math.round(cm * TWIPS_PER_CM);
  return {
    setup: {
      size: page,
      margin: {
        top: twips(margins.top),
        bottom: twips(margins.bottom),
        left: twips(margins.left),
        right: twips(margins.right),
        header: twips(template.page.headerCm),
        footer: twips(template.page.footerCm),
      },
    },
    textWidthPx: Math.round(((page.width - (margins.left + margins.right) * TWIPS_PER_CM) / 1440) * 96),
  };
}

const p = (text: string, style: string, extra: Record<string, unknown> = {}) => new Paragraph({ style, children: [new TextRun(text)], ...extra });

/**
 * A Word equation's place in the document: a run in a character style of its own holding its letters,
 * replaced by the equation itself when the document is packed (see `withFormulas`).
 */
const FORMULA_STYLE = 'OmmlFormula';
const FORMULA_RUN = new RegExp(`<w:r><w:rPr><w:rStyle w:val="${FORMULA_STYLE}(\\d+)"/></w:rPr><w:t(?: [^>]*)?>[^<]*</w:t></w:r>`, 'g');

/** The document's XML with each equation's run replaced by the equation (OMML) read from the manuscript. */
const withFormulas = (formulas: string[]) => (xml: string) => xml.replace(FORMULA_RUN, (run, n: string) => formulas[Number(n)] ?? run);

/**
 * A paragraph's text with the references of its footnotes where their marks are, its pieces set
 * bold, italic, superscript or subscript as they were in the manuscript (the style's fonts otherwise),
 * and its equations where they were (`placeFormula` numbers each for the packing).
 */
function withNotes(
  text: string,
  marks: NoteMark[],
  spans: FormatSpan[] = [],
  formulas: Formula[] = [],
  placeFormula: (omml: string) => number = () => -1,
): Array<TextRun | FootnoteReferenceRun> {
  const runs: Array<TextRun | FootnoteReferenceRun> = [];
  const notes = [...marks].sort((a, b) => a.at - b.at);
  const bounds = [...spans, ...formulas].flatMap((s) => [s.from, s.to]);
  const cuts = [...new Set([0, text.length, ...notes.map((m) => m.at), ...bounds])].filter((at) => at >= 0 && at <= text.length).sort((a, b) => a - b);
  let next = 0;
  cuts.forEach((at, k) => {
    while (next < notes.length && notes[next].at <= at) runs.push(new FootnoteReferenceRun(notes[next++].note));
    const end = cuts[k + 1];
    if (end === undefined) return;
    const formula = formulas.find((f) => f.from <= at && f.to >= end);
    if (formula) {
      if (formula.from === at) runs.push(new TextRun({ text: text.slice(formula.from, formula.to), style: `${FORMULA_STYLE}${placeFormula(formula.omml)}` }));
      return;
    }
    const span = spans.find((s) => s.from <= at && s.to >= end);
    runs.push(
      span
        ? new TextRun({
            text: text.slice(at, end),
            ...(span.bold ? { bold: true } : {}),
            ...(span.italic ? { italics: true } : {}),
            ...(span.vertAlign === 'superscript' ? { superScript: true } : span.vertAlign === 'subscript' ? { subScript: true } : {}),
          })
        : new TextRun(text.slice(at, end)),
    );
  });
  while (next < notes.length) runs.push(new FootnoteReferenceRun(notes[next++].note));
  return runs;
}

/** A paragraph of the body text, with its notes, formatting and equations. */
function bodyParagraph(block: Extract<Block, { kind: 'paragraph' }>, body: TextStyle, placeFormula: (omml: string) => number) {
  // the body text's exact line (twips), if it has one
  const exactLine = typeof body.lineSpacing === 'string' ? Math.round(parseFloat(body.lineSpacing) * 20) : undefined;
  return new Paragraph({
    style: 'Normal',
    // an equation is taller than a line of text: its lines grow to hold it rather than clip it
    ...(block.formulas?.length && exactLine ? { spacing: { line: exactLine, lineRule: LineRuleType.AT_LEAST } } : {}),
    // an equation on its own line is centred as the manuscript had it, without the text's indent
    ...(block.formulas?.some((f) => f.omml.startsWith('<m:oMathPara')) ? { indent: { firstLine: 0 } } : {}),
    children: withNotes(block.text, block.notes ?? [], block.spans, block.formulas, placeFormula),
  });
}

/**
 * A picture's own paragraph: centred, single-spaced (under the body's exact line a picture is cut to
 * that line's height), on the page of its caption below it.
 */
const pictureParagraph = (picture: ImageRun) =>
  new Paragraph({
    alignment: AlignmentType.CENTER,
    indent: { firstLine: 0 },
    spacing: { line: 240, lineRule: LineRuleType.AUTO },
    keepNext: true,
    children: [picture],
  });

/** Footnotes in the body's fonts at 小五 (9 pt), the size theses set them in. */
const FOOTNOTE_HALF_POINTS = 18;

/** The manuscript's notes that its paragraphs mark, as the document's footnotes: note n under id n. */
function footnotesOf(manuscript: Manuscript, body: TextStyle) {
  const font = { ascii: body.latinFont, hAnsi: body.latinFont, eastAsia: body.zhFont, cs: body.latinFont };
  return Object.fromEntries(
    [...markedNotes(manuscript)].map((note) => [
      String(note),
      { children: [new Paragraph({ children: [new TextRun({ text: manuscript.notes?.[note - 1] ?? '', font, size: FOOTNOTE_HALF_POINTS })] })] },
    ]),
  );
}

/**
 * Writes the manuscript's blocks as paragraphs and tables, numbering as it goes: headings (and the
 * numbers the contents will show for them), figures and tables per chapter, lists each anew.
 */
function bodyWriter(template: Template, textWidthPx: number) {
  const en = template.language === 'en';
  // each heading's number as the numbering definitions write it, for the contents' entries (in order; none for 参考文献, 致谢 …)
  const headingCounters = [0, 0, 0];
  const contentsNumbers: Array<string | undefined> = [];
  const inContents = (level: number) => level < (template.toc?.levels ?? 0);
  const newPage = template.chapterNewPage ?? true;
  // figures and tables are numbered per chapter, or through the paper, as the template says
  const byChapter = template.captions.numbering !== 'paper';
  let chapter = 0;
  const counters = { figure: 0, table: 0 };
  let listInstance = 0;
  /** the body's equations (OMML) in order, put in place when the document is packed */
  const formulas: string[] = [];
  const placeFormula = (omml: string) => formulas.push(omml) - 1;

  // every chapter after the first starts a new page where the template says so (the body's section starts one for the first)
  const heading = (text: string, level: 0 | 1 | 2) => {
    headingCounters[level] += 1;
    headingCounters.fill(0, level + 1);
    if (inContents(level)) contentsNumbers.push(numberOf(template.headings, headingCounters, level));
    return new Paragraph({
      heading: [HeadingLevel.HEADING_1, HeadingLevel.HEADING_2, HeadingLevel.HEADING_3][level],
      numbering: { reference: 'headings', level },
      pageBreakBefore: newPage && level === 0 && chapter > 1,
      children: [new TextRun(text)],
    });
  };

  /** 参考文献, 致谢, 附录: in the contents, without a number */
  const namedHeading = (text: string, level: 0 | 1, pageBreakBefore: boolean) => {
    if (inContents(level)) contentsNumbers.push(undefined);
    return new Paragraph({ heading: level ? HeadingLevel.HEADING_2 : HeadingLevel.HEADING_1, pageBreakBefore, children: [new TextRun(text)] });
  };

  const captionOf = (kind: 'figure' | 'table', text?: string) => {
    counters[kind] += 1;
    const label = template.captions[kind].replace('{chapter}', String(Math.max(chapter, 1))).replace('{n}', String(counters[kind]));
    // a table's caption is above it and stays on the page of its first row
    return p(`${label}${text ? (en ? ' ' : '  ') + text : ''}`, 'Caption', kind === 'table' ? { keepNext: true } : {});
  };

  const table = (block: Extract<Block, { kind: 'table' }>) => {
    const columns = Math.max(...block.rows.map((r) => r.length));
    return new Table({
      width: { size: 100, type: WidthType.PERCENTAGE },
      // the first row heads the table, repeated on each page it runs onto
      rows: block.rows.map(
        (row, r) =>
          new TableRow({
            tableHeader: r === 0 && block.rows.length > 1 ? true : undefined,
            children: Array.from({ length: columns }, (_, i) => new TableCell({ children: [p(row[i] ?? '', 'TableText')] })),
          }),
      ),
    });
  };

  /** The picture at its own size, shrunk to the text column when wider. */
  const image = (block: Extract<Block, { kind: 'image' }>) => {
    const { width, height } = block;
    const scale = Math.min(1, textWidthPx / width);
    return new ImageRun({ type: block.type, data: block.data, transformation: { width: Math.round(width * scale), height: Math.round(height * scale) } });
  };

  const blocks = (block: Block): Array<Paragraph | Table> => {
    switch (block.kind) {
      case 'heading':
        if (block.level === 1) {
          chapter += 1;
          if (byChapter) Object.assign(counters, { figure: 0, table: 0 });
        }
        return [heading(block.text, (block.level - 1) as 0 | 1 | 2)];
      case 'paragraph':
        return [bodyParagraph(block, template.styles.body, placeFormula)];
      case 'list':
        listInstance += 1;
        return block.items.map(
          (item) =>
            new Paragraph({
              style: 'Normal',
              numbering: { reference: block.ordered ? 'ordered' : 'bullets', level: 0, instance: listInstance },
              children: [new TextRun(item)],
            }),
        );
      case 'table':
        return [captionOf('table', block.caption), table(block)];
      case 'image':
        // the picture stays on the page of its caption below it
        return [pictureParagraph(image(block)), captionOf('figure', block.caption)];
    }
  };

  return { blocks, namedHeading, contentsNumbers, formulas };
}

/** The body: the chapters, then references, acknowledgements and appendices (named, not numbered; each on a new page where chapters start one). */
function bodyOf(manuscript: Manuscript, template: Template, writer: ReturnType<typeof bodyWriter>) {
  const en = template.language === 'en';
  const newPage = template.chapterNewPage ?? true;
  const { blocks, namedHeading } = writer;
  const body: Array<Paragraph | Table> = manuscript.body.flatMap(blocks);
  if (manuscript.references.length) {
    body.push(namedHeading(template.references.title, 0, newPage));
    const references = template.references.style === 'apa' ? [...manuscript.references].sort((a, b) => a.localeCompare(b, 'en')) : manuscript.references;
    references.forEach((ref, i) => body.push(p(template.references.style === 'apa' ? ref : `[${i + 1}] ${ref}`, 'Reference')));
  }
  if (manuscript.acknowledgements.length) {
    body.push(namedHeading(en ? 'Acknowledgements' : '致  谢', 0, newPage));
    body.push(...manuscript.acknowledgements.flatMap(blocks));
  }
  if (manuscript.appendices.length) {
    const [first, ...rest] = manuscript.appendices;
    body.push(namedHeading(first.kind === 'heading' ? first.text : en ? 'Appendix' : '附  录', 0, newPage));
    body.push(...rest.flatMap((b) => (b.kind === 'heading' ? [namedHeading(b.text, 1, false)] : blocks(b))));
  }
  return body;
}

/**
 * The abstracts with their keywords, Chinese then English. After a cover page each has a page of its
 * own, the contents' title after them; under a title block they follow one another, the body after
 * them. The template's abstract titles head them, or run in at the start of their first paragraphs.
 */
function frontMatter(manuscript: Manuscript, template: Template): Paragraph[] {
  const front: Paragraph[] = [];
  const ownPages = !hasTitleBlock(template);
  const { abstract } = template;
  const titleStyle = template.styles.abstractTitle;
  // run in, 摘要： and 关键词： alike are set in the abstract titles' face, bold as they are
  const runInLabel = (text: string) =>
    new TextRun({
      text,
      bold: titleStyle.bold ?? false,
      font: { ascii: titleStyle.latinFont, hAnsi: titleStyle.latinFont, eastAsia: titleStyle.zhFont, cs: titleStyle.latinFont },
    });
  const keywords = (label: string, words: string[], separator: string) =>
    new Paragraph({
      style: 'Keywords',
      children: [abstract.runIn ? runInLabel(label) : new TextRun({ text: label, bold: true }), new TextRun(words.join(separator))],
    });
  const paragraphs = (title: string, text: string | undefined) => {
    const texts = (text ?? '').split('\n').filter(Boolean);
    if (!abstract.runIn) return [p(title, 'AbstractTitle'), ...texts.map((t) => p(t, 'AbstractBody'))];
    return texts.map((t, i) => new Paragraph({ style: 'AbstractBody', children: [...(i === 0 ? [runInLabel(title)] : []), new TextRun(t)] }));
  };
  // keywords without an abstract keep a page of their own
  const abstractPage = (title: string, text: string | undefined, words: string[], label: string, separator: string) => {
    if (!text && !words.length) return;
    front.push(...paragraphs(title, text));
    if (words.length) front.push(keywords(label, words, separator));
    if (ownPages) front.push(new Paragraph({ children: [new PageBreak()] }));
  };
  abstractPage(abstract.zhTitle, manuscript.abstractZh, manuscript.keywordsZh, abstract.zhKeywordsLabel, abstract.keywordSeparatorZh);
  abstractPage(abstract.enTitle, manuscript.abstractEn, manuscript.keywordsEn, abstract.enKeywordsLabel, abstract.keywordSeparatorEn);
  if (template.toc) front.push(p(template.toc.title, 'TocTitle'));
  // without contents the body's section starts the next page: the last abstract's page break would leave one empty
  else if (ownPages && front.length) front.pop();
  return front;
}

/** The header (its line, and the watermark if any) of the numbered pages and of the cover, and the page-number footer. */
function headersAndFooter(template: Template, fields: CoverFields, watermarkText: string | undefined) {
  const headerText = fill(template.header, fields);
  // the watermark is a shape in the header's one paragraph: the pages are laid out as without it
  const watermark = () =>
    watermarkText ? [new TextWatermark({ text: watermarkText, font: template.styles.body.zhFont, color: 'B0B0B0', opacity: 0.45, layout: 'diagonal' })] : [];
  return {
    header:
      headerText || watermarkText
        ? new Header({ children: [new Paragraph({ style: 'HeaderText', children: [...watermark(), ...(headerText ? [new TextRun(headerText)] : [])] })] })
        : undefined,
    coverHeader: watermarkText ? new Header({ children: [new Paragraph({ style: 'HeaderText', children: watermark() })] }) : undefined,
    footer: new Footer({ children: [new Paragraph({ style: 'FooterText', children: [new TextRun({ children: [PageNumber.CURRENT] })] })] }),
  };
}

/**
 * The styles with a line that holds their type: a style without its own spacing inherits Normal's, and
 * an exact line of 20 pt under a 22 pt title makes its two lines overlap. Such a style, whose type
 * needs more than the exact line (1.2 times its size), is set single-spaced instead.
 */
function fittedStyles(styles: Template['styles']): Template['styles'] {
  const exact = typeof styles.body.lineSpacing === 'string' ? parseFloat(styles.body.lineSpacing) : undefined;
  if (exact === undefined) return styles;
  const fit = (style: TextStyle): TextStyle => (style.lineSpacing === undefined && pointsOf(style.size) * 1.2 > exact ? { ...style, lineSpacing: 1 } : style);
  return Object.fromEntries(Object.entries(styles).map(([key, style]) => [key, key === 'body' ? style : fit(style)])) as Template['styles'];
}

/** The template's styles as the document's named paragraph styles (Normal, Heading 1–3, toc 1–3 …). */
function paragraphStyles(template: Template, tocIndent: number): IParagraphStyleOptions[] {
  const styles = fittedStyles(template.styles);
  const heading = (id: string, name: string, style: TextStyle, outlineLevel: number) =>
    paragraphStyle(id, name, style, { paragraph: { ...paragraphStyle('h', 'h', style).paragraph, outlineLevel, keepNext: true } });
  return [
    paragraphStyle('Normal', 'Normal', styles.body),
    paragraphStyle('Title', 'Title', styles.title),
    heading('Heading1', 'heading 1', styles.heading1, 0),
    heading('Heading2', 'heading 2', styles.heading2, 1),
    heading('Heading3', 'heading 3', styles.heading3, 2),
    paragraphStyle('Caption', 'caption', styles.caption),
    paragraphStyle('AbstractTitle', 'Abstract Title', styles.abstractTitle),
    paragraphStyle('AbstractBody', 'Abstract', styles.abstractBody),
    paragraphStyle('Keywords', 'Keywords', styles.keywords),
    // a table's cells are never indented
    paragraphStyle('TableText', 'Table Text', { ...styles.tableText, firstLineChars: 0 }),
    paragraphStyle('Reference', 'Bibliography', styles.reference, {
      paragraph: {
        ...paragraphStyle('r', 'r', styles.reference).paragraph,
        indent: template.references.style === 'apa' ? { left: 720, hanging: 720 } : { left: 420, hanging: 420 },
      },
    }),
    paragraphStyle('HeaderText', 'header', styles.header),
    paragraphStyle('FooterText', 'footer', styles.footer),
    paragraphStyle('TocTitle', 'TOC Heading', styles.abstractTitle),
    // each level indented one more step (two characters), as every word processor shows them
    ...[1, 2, 3].map((level) =>
      paragraphStyle(
        `TOC${level}`,
        `toc ${level}`,
        { ...styles.toc, firstLineChars: 0 },
        { paragraph: { ...paragraphStyle('t', 't', styles.toc).paragraph, indent: { left: (level - 1) * tocIndent, firstLine: 0 } } },
      ),
    ),
    paragraphStyle('CoverLine', 'Cover Line', styles.coverLine ?? { ...styles.heading2, align: 'center' }),
  ];
}

/** The multilevel heading numbers as the template writes them, and the two kinds of list. */
function numberingConfig(template: Template) {
  const headings = template.headings.map((h, level) => ({
    level,
    format: h.zh ? LevelFormat.CHINESE_COUNTING : LevelFormat.DECIMAL,
    text: levelText(h.format),
    alignment: AlignmentType.LEFT,
    // Arabic numbers under a Chinese-numbered level still read 1.1, not 一.1
    isLegalNumberingStyle: !h.zh && level > 0,
    style: { paragraph: { indent: { left: 0, hanging: 0 } } },
  }));
  return [
    { reference: 'headings', levels: headings },
    {
      reference: 'bullets',
      levels: [
        { level: 0, format: LevelFormat.BULLET, text: '•', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720, hanging: 360 } } } },
      ],
    },
    {
      reference: 'ordered',
      levels: [
        { level: 0, format: LevelFormat.DECIMAL, text: '(%1)', alignment: AlignmentType.LEFT, style: { paragraph: { indent: { left: 720, hanging: 360 } } } },
      ],
    },
  ];
}

export async function writeDocx(manuscript: Manuscript, template: Template, fields: CoverFields, options: WriteOptions = {}): Promise<Buffer> {
  const { setup, textWidthPx } = pageGeometry(template);
  // each contents level is indented two characters more than the one above
  const tocIndent = Math.round(pointsOf(template.styles.toc.size) * 40);
  const { header, coverHeader, footer } = headersAndFooter(template, fields, options.watermark);

  const titleBlock = hasTitleBlock(template);
  const coverLines = template.cover.lines.map((line) => fill(line, fields)).filter((line): line is string => line !== undefined);
  // a cover page's lines start lower down; a title block's at the top of the first page
  const lines = coverLines.map((line, i) =>
    p(line, line === fields.title ? 'Title' : 'CoverLine', i === 0 && !titleBlock ? { spacing: { before: 1440 } } : {}),
  );
  const { toc } = template;
  const contents = toc ? [new TableOfContents(toc.title, { hyperlink: true, headingStyleRange: `1-${toc.levels}`, beginDirty: !options.pages })] : [];
  const writer = bodyWriter(template, textWidthPx);
  const body = bodyOf(manuscript, template, writer);
  const numberedPages = (formatType: (typeof NumberFormat)[keyof typeof NumberFormat]) => ({ ...setup, pageNumbers: { start: 1, formatType } });

  const sections: ISectionOptions[] = titleBlock
    ? [
        // one section numbered from 1: its first page has the title block in place of the running header
        {
          properties: { page: numberedPages(NumberFormat.DECIMAL), titlePage: true },
          headers: { ...(header ? { default: header } : {}), first: coverHeader ?? new Header({ children: [new Paragraph({ style: 'HeaderText' })] }) },
          footers: { default: footer, first: footer },
          children: [...lines, ...frontMatter(manuscript, template), ...contents, ...body],
        },
      ]
    : [
        { properties: { page: setup, titlePage: false }, headers: coverHeader ? { default: coverHeader } : undefined, children: lines },
        {
          properties: { page: numberedPages(template.pageNumbers.front === 'upperRoman' ? NumberFormat.UPPER_ROMAN : NumberFormat.LOWER_ROMAN) },
          headers: header ? { default: header } : undefined,
          footers: { default: footer },
          children: [...frontMatter(manuscript, template), ...contents],
        },
        {
          properties: { page: numberedPages(NumberFormat.DECIMAL) },
          headers: header ? { default: header } : undefined,
          footers: { default: footer },
          children: body,
        },
      ];

  const document = new Document({
    creator: '智能论文',
    title: fields.title,
    features: { updateFields: !options.pages },
    pageNumbers: laidOut(options.pages ?? [], writer.contentsNumbers, template.styles.toc, tocIndent),
    styles: { default: { document: { run: { language: LANGUAGE } } }, paragraphStyles: paragraphStyles(template, tocIndent) },
    numbering: { config: numberingConfig(template) },
    footnotes: footnotesOf(manuscript, template.styles.body),
    sections,
  });
  return packDocx(document, { 'word/document.xml': withFormulas(writer.formulas) });
}
