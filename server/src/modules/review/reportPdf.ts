/**
 * The review report as a PDF a student can hand to a supervisor: a cover with the paper's details,
 * the figures and a chart; the figures per chapter; the sources; the full text with every similar
 * passage in its source's colour and numbered; each passage beside its source's text and reference;
 * quotations shown as such. Every page carries a header with the verification code and its page
 * number. Times are China time. Chinese is set in Noto Sans SC (shipped as an npm package, so
 * every machine renders it the same).
 */
import type PDFKit from 'pdfkit';
import { quotations, type Section } from '../../engines/similarity/structure';
import { formatCount } from '../../../../common/formatCount';
import { bandOf } from '../../../../common/similarityBand';
import { chinaTime } from '../../../../common/time';

const FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
/** One colour per source, in the order of the ranked list: dark enough to read as text colour. */
const PALETTE = ['#cf1322', '#d46b08', '#7c6a00', '#389e0d', '#08979c', '#1d39c4', '#531dab', '#c41d7f'];
const INK = '#1f1f1f';
const MUTED = '#595959';
const FAINT = '#8c8c8c';
const QUOTE_INK = '#8c8c8c';
const BRAND_BLUE = '#1677ff';
const MARGIN = { top: 64, bottom: 56, left: 56, right: 56 };

export interface ReportPdfInput {
  title: string;
  author: string;
  school: string | null;
  major: string | null;
  systemName: string;
  finishedAt: string;
  verificationCode: string;
  verifyUrl: string;
  text: string | null;
  totalChars: number;
  matchedChars: number;
  similarity: number;
  excludingQuotes: { similarity: number };
  chapters: Array<{ title: string; similarity: number; totalChars: number; matchedChars: number }>;
  sources: Array<{ title: string; detail: string; share: number; matchedChars: number }>;
  /** `source`: the index of the passage's source in `sources` */
  passages: Array<{ start: number; end: number; sourceText: string; chars: number; source: number }>;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const count = formatCount;
export const colourOf = (source: number) => PALETTE[source % PALETTE.length];

/** Whether most of a passage lies inside quotation marks: quoted, not copied. */
const isQuoted = (passage: { start: number; end: number }, quotes: Section[]) =>
  quotes.some((q) => Math.min(q.end, passage.end) - Math.max(q.start, passage.start) >= (passage.end - passage.start) / 2);

type Run = { text: string; passage?: number; quote?: boolean };

/** The text cut into plain runs, quotation runs and passage runs (passages sorted by start). */
export function runsOf(text: string, passages: Array<{ start: number; end: number }>, quotes: Section[]): Run[] {
  const runs: Run[] = [];
  const plain = (from: number, to: number) => {
    let at = from;
    for (const q of quotes.filter((s) => s.end > from && s.start < to).sort((a, b) => a.start - b.start)) {
      const start = Math.max(q.start, at);
      if (start > at) runs.push({ text: text.slice(at, start) });
      const end = Math.min(q.end, to);
      if (end > start) runs.push({ text: text.slice(start, end), quote: true });
      at = Math.max(at, end);
    }
    if (to > at) runs.push({ text: text.slice(at, to) });
  };
  let at = 0;
  passages.forEach((p, i) => {
    if (p.start > at) plain(at, p.start);
    const start = Math.max(at, p.start);
    if (p.end > start) runs.push({ text: text.slice(start, p.end), passage: i });
    at = Math.max(at, p.end);
  });
  plain(at, text.length);
  return runs;
}

type Piece = { text: string; passage?: number; quote?: boolean; underline: boolean; end: boolean };

/** Runs split at paragraph breaks, each passage followed by its number (〔n〕, 〔n 引用〕 when quoted). */
function piecesOf(runs: Run[], passages: unknown[], quoted: boolean[]): Piece[] {
  const pieces: Piece[] = [];
  for (const run of runs) {
    const lines = run.text.split('\n');
    lines.forEach((text, j) => pieces.push({ text, passage: run.passage, quote: run.quote, underline: run.passage !== undefined, end: j < lines.length - 1 }));
    if (run.passage !== undefined) {
      pieces.push({ text: `〔${run.passage + 1}${quoted[run.passage] ? ' 引用' : ''}〕`, passage: run.passage, underline: false, end: false });
    }
  }
  if (pieces.length) pieces[pieces.length - 1].end = true;
  return passages.length || pieces.length ? pieces : [];
}

/** The report's pages being written: the document, its text column, and the few moves every section makes. */
interface Page {
  doc: PDFKit.PDFDocument;
  left: number;
  width: number;
  /** starts a new page unless `height` more fits on this one (no heading alone at a page foot) */
  room(height: number): void;
  /** a section heading, kept with the first lines of its section */
  heading(text: string): void;
  /** "label：value", the label muted */
  line(label: string, value: string): void;
}

function pageOf(doc: PDFKit.PDFDocument): Page {
  const left = MARGIN.left;
  const width = doc.page.width - MARGIN.left - MARGIN.right;
  const room = (height: number) => {
    if (doc.y + height > doc.page.height - MARGIN.bottom) doc.addPage();
  };
  return {
    doc,
    left,
    width,
    room,
    heading: (text) => {
      room(150);
      doc.moveDown(0.8).fontSize(14).fillColor(INK).text(text, left, doc.y, { width });
      const y = doc.y + 2;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .lineWidth(0.6)
        .strokeColor('#d9d9d9')
        .stroke();
      doc.y = y + 8;
      doc.fontSize(10.5).fillColor(INK);
    },
    line: (label, value) => void doc.fillColor(MUTED).text(`${label}：`, left, doc.y, { continued: true, width }).fillColor(INK).text(value),
  };
}

/** The passages in text order, and whether each lies inside a quotation. */
interface Marked {
  passages: ReportPdfInput['passages'];
  quotes: Section[];
  quoted: boolean[];
}

export function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  // loaded on first use: the mock runs this module in the page tests' browser-like environment,
  // where pdfkit would pick its browser build
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded lazily, see above
  const PDFDocument = require('pdfkit') as typeof PDFKit;
  const doc = new PDFDocument({
    size: 'A4',
    margins: MARGIN,
    bufferPages: true,
    info: { Title: `论文相似性检测报告 - ${input.title}`, Author: '智能论文' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('cjk', FONT).font('cjk');

  const page = pageOf(doc);
  const passages = [...input.passages].sort((a, b) => a.start - b.start);
  const quotes = input.text === null ? [] : quotations(input.text);
  const marked = { passages, quotes, quoted: passages.map((p) => input.text !== null && isQuoted(p, quotes)) };

  writeCover(page, input);
  writeFigures(page, input);
  writeChart(page, input);
  page.heading('分章节相似度');
  chapterTable(doc, input.chapters, page.left, page.width, page.room);
  writeSources(page, input);
  writeMarkedText(page, input.text, marked);
  writePassages(page, input, marked);

  page.room(40);
  doc
    .moveDown(1)
    .fontSize(9)
    .fillColor(FAINT)
    .text('本报告由智能论文根据所选检测系统的文献库生成，仅反映与库内文献的文字重合情况，供作者修改和导师审阅参考。', page.left, doc.y, { width: page.width });

  frame(doc, input.verificationCode);
  doc.end();
  return done;
}

/** The title block: the report, its verification code, and what was checked. */
function writeCover({ doc, left, width, line }: Page, input: ReportPdfInput) {
  doc
    .fontSize(22)
    .fillColor(BRAND_BLUE)
    .text('智能论文', left, MARGIN.top + 8, { width, align: 'center' });
  doc.fontSize(18).fillColor(INK).text('论文相似性检测报告', { width, align: 'center' }).moveDown(0.4);
  doc.fontSize(10.5).fillColor(MUTED).text(`报告验证码：${input.verificationCode}`, { width, align: 'center' });
  doc.fontSize(9).fillColor(FAINT).text(`可在 ${input.verifyUrl} 核验报告真伪`, { width, align: 'center' }).moveDown(1);

  doc.fontSize(10.5);
  line('论文题目', input.title);
  line('作者', input.author);
  if (input.school || input.major) line('学校 / 专业', [input.school, input.major].filter(Boolean).join(' / '));
  line('检测系统', input.systemName);
  line('检测时间', chinaTime(input.finishedAt));
  line('检测字数', `${count(input.totalChars)} 字`);
}

/** The three figures, in boxes. */
function writeFigures({ doc, left, width }: Page, input: ReportPdfInput) {
  doc.moveDown(1);
  const boxY = doc.y;
  const boxW = (width - 24) / 3;
  const figures: Array<[string, string]> = [
    ['总相似度', percent(input.similarity)],
    ['去除引用和参考文献', percent(input.excludingQuotes.similarity)],
    ['相似字数', `${count(input.matchedChars)} / ${count(input.totalChars)}`],
  ];
  figures.forEach(([label, value], i) => {
    const x = left + i * (boxW + 12);
    doc.roundedRect(x, boxY, boxW, 64, 6).lineWidth(0.8).strokeColor('#d9d9d9').stroke();
    doc
      .fontSize(i === 2 ? 14 : 22)
      .fillColor(i === 0 ? bandColour(input.similarity) : INK)
      .text(value, x, boxY + 10, { width: boxW, align: 'center' });
    doc
      .fontSize(9.5)
      .fillColor(MUTED)
      .text(label, x, boxY + 44, { width: boxW, align: 'center' });
  });
  doc.y = boxY + 84;
}

/** The chart: the paper as a ring, each source's share in its colour, with its legend. */
function writeChart({ doc, left, width }: Page, input: ReportPdfInput) {
  const chartY = doc.y + 8;
  const cx = left + 90;
  const cy = chartY + 80;
  drawRing(
    doc,
    cx,
    cy,
    72,
    44,
    input.sources.map((s, i) => ({ share: s.share, colour: colourOf(i) })),
  );
  doc
    .fontSize(16)
    .fillColor(INK)
    .text(percent(input.similarity), cx - 44, cy - 14, { width: 88, align: 'center' });
  doc
    .fontSize(8.5)
    .fillColor(MUTED)
    .text('相似', cx - 44, cy + 6, { width: 88, align: 'center' });
  const legendX = left + 200;
  let legendY = chartY + 6;
  doc.fontSize(10).fillColor(INK).text('相似来源占比', legendX, legendY);
  legendY += 20;
  if (!input.sources.length) doc.fontSize(9.5).fillColor(MUTED).text('没有发现相似来源。', legendX, legendY);
  input.sources.slice(0, 8).forEach((s, i) => {
    doc.rect(legendX, legendY + 2, 9, 9).fill(colourOf(i));
    doc
      .fontSize(9.5)
      .fillColor(INK)
      .text(`${i + 1}. ${s.title}`, legendX + 16, legendY, { width: width - 200 - 70, height: 14, ellipsis: true, lineBreak: false });
    doc.fillColor(MUTED).text(percent(s.share), left + width - 50, legendY, { width: 50, align: 'right', lineBreak: false });
    legendY += 17;
  });
  doc.y = Math.max(cy + 90, legendY + 8);
  doc
    .fontSize(9)
    .fillColor(FAINT)
    .text(
      `报告生成于 ${chinaTime(new Date())}。相似度按字数（不计空格和标点）计算，都除以全文字数；引号内的引用和参考文献列出，但不计入“去除引用和参考文献”的相似字数，所以它不会高于总相似度。`,
      left,
      doc.y,
      { width },
    );
}

/** Each source: its colour, title, share and where it comes from. */
function writeSources({ doc, left, width, room, heading }: Page, input: ReportPdfInput) {
  heading('相似来源');
  if (!input.sources.length) doc.fillColor(INK).text('没有发现相似来源。', left, doc.y, { width });
  input.sources.forEach((s, i) => {
    room(40);
    const y = doc.y;
    doc.rect(left, y + 3, 9, 9).fill(colourOf(i));
    doc
      .fontSize(10.5)
      .fillColor(INK)
      .text(`${i + 1}. ${s.title}`, left + 16, y, { width: width - 16 - 110 });
    const after = doc.y;
    doc.fillColor(colourOf(i)).text(`${percent(s.share)} · ${count(s.matchedChars)} 字`, left + width - 110, y, { width: 110, align: 'right' });
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(s.detail, left + 16, after, { width: width - 16 });
    doc.moveDown(0.4).fontSize(10.5);
  });
}

/** The full text, each similar passage in its source's colour and underlined, quotations in grey. */
function writeMarkedText({ doc, left, width, room, heading }: Page, text: string | null, { passages, quotes, quoted }: Marked) {
  heading('全文标注');
  if (text === null) {
    doc.fillColor(MUTED).text('论文原文已删除：相似度和来源仍然保留，全文标注需要原文，已无法显示。', left, doc.y, { width });
    return;
  }
  doc
    .fontSize(9)
    .fillColor(MUTED)
    .text('彩色文字为相似段落，颜色对应上面的来源，〔n〕为段落编号；灰色文字为引号内的引用。', left, doc.y, { width })
    .moveDown(0.5);
  doc.fontSize(10.5).lineGap(3);
  // one paragraph at a time: pdfkit's continued text misplaces lines after a newline inside it
  let starting = true;
  for (const piece of piecesOf(runsOf(text, passages, quotes), passages, quoted)) {
    if (starting) {
      room(16);
      doc.x = left;
    }
    const colour = piece.passage === undefined ? (piece.quote ? QUOTE_INK : INK) : colourOf(passages[piece.passage].source);
    if (piece.text || piece.end) doc.fillColor(colour).text(piece.text || ' ', { width, continued: !piece.end, underline: piece.underline });
    starting = piece.end;
  }
  doc.lineGap(0);
}

/** Each passage beside its source's text. */
function writePassages({ doc, left, width, room, heading }: Page, input: ReportPdfInput, { passages, quoted }: Marked) {
  heading('相似段落与来源原文');
  if (!passages.length) doc.fillColor(INK).text('没有发现相似段落。', left, doc.y, { width });
  passages.forEach((p, i) => {
    const source = input.sources[p.source];
    const colour = colourOf(p.source);
    room(110);
    doc
      .moveDown(0.3)
      .fontSize(11)
      .fillColor(colour)
      .text(`〔${i + 1}〕 ${p.chars} 字相似${quoted[i] ? '（引号内的引用，不计入去除引用后的相似度）' : ''}`, left, doc.y, { width });
    doc.fontSize(10).fillColor(MUTED).text('本文：', left, doc.y, { width });
    doc.fillColor(INK).text(input.text === null ? '（论文原文已删除）' : input.text.slice(p.start, p.end), left + 12, doc.y, { width: width - 12 });
    doc.fillColor(MUTED).text('来源原文：', left, doc.y, { width });
    doc.fillColor(INK).text(p.sourceText, left + 12, doc.y, { width: width - 12 });
    doc
      .fontSize(9)
      .fillColor(MUTED)
      .text(`出处：${source ? `${source.title}. ${source.detail}` : '—'}`, left, doc.y, { width });
    doc.moveDown(0.6);
  });
}

/** Similarity bands as the app shows them (common/similarityBand.ts). */
const bandColour = (similarity: number) => bandOf(similarity).color;

/** A ring chart: the segments' shares clockwise from the top, the rest in grey. */
function drawRing(doc: PDFKit.PDFDocument, cx: number, cy: number, outer: number, inner: number, segments: Array<{ share: number; colour: string }>) {
  const slice = (from: number, to: number, colour: string) => {
    if (to - from <= 0) return;
    const a0 = -Math.PI / 2 + from * 2 * Math.PI;
    const a1 = -Math.PI / 2 + Math.min(to, 0.9999) * 2 * Math.PI;
    const large = a1 - a0 > Math.PI ? 1 : 0;
    const p = (r: number, a: number) => `${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`;
    doc
      .path(`M ${p(outer, a0)} A ${outer} ${outer} 0 ${large} 1 ${p(outer, a1)} L ${p(inner, a1)} A ${inner} ${inner} 0 ${large} 0 ${p(inner, a0)} Z`)
      .fill(colour);
  };
  slice(0, 1, '#f0f0f0');
  let at = 0;
  for (const s of segments) {
    const share = Math.max(0, Math.min(s.share, 1 - at));
    slice(at, at + share, s.colour);
    at += share;
  }
}

/** The per-chapter table: chapter, length, similar characters, similarity with a bar. */
function chapterTable(doc: PDFKit.PDFDocument, chapters: ReportPdfInput['chapters'], left: number, width: number, room: (h: number) => void) {
  const cols = [width - 250, 60, 70, 120];
  const header = ['章节', '字数', '相似字数', '相似度'];
  const row = (cells: string[], y: number, muted: boolean) =>
    cells.forEach((cell, i) => {
      const x = left + cols.slice(0, i).reduce((a, b) => a + b, 0);
      doc
        .fontSize(9.5)
        .fillColor(muted ? MUTED : INK)
        .text(cell, x + 4, y + 5, { width: cols[i] - 8, height: 14, ellipsis: true, lineBreak: false, align: i === 0 ? 'left' : 'right' });
    });
  room(24 + 20 * Math.min(chapters.length, 3));
  let y = doc.y;
  doc.rect(left, y, width, 22).fill('#fafafa');
  row(header, y, true);
  y += 22;
  if (!chapters.length) {
    doc
      .fontSize(9.5)
      .fillColor(MUTED)
      .text('未识别出章节。', left + 4, y + 5);
    doc.y = y + 24;
    return;
  }
  for (const c of chapters) {
    if (y + 22 > doc.page.height - MARGIN.bottom) {
      doc.addPage();
      y = doc.y;
      doc.rect(left, y, width, 22).fill('#fafafa');
      row(header, y, true);
      y += 22;
    }
    row([c.title, count(c.totalChars), count(c.matchedChars), ''], y, false);
    const barX = left + cols[0] + cols[1] + cols[2] + 6;
    doc.rect(barX, y + 8, 60, 7).fill('#f0f0f0');
    doc.rect(barX, y + 8, Math.max(0.5, 60 * Math.min(1, c.similarity)), 7).fill(bandColour(c.similarity));
    doc
      .fontSize(9.5)
      .fillColor(INK)
      .text(percent(c.similarity), barX + 62, y + 5, { width: 50, align: 'right', lineBreak: false });
    doc
      .moveTo(left, y + 22)
      .lineTo(left + width, y + 22)
      .lineWidth(0.4)
      .strokeColor('#f0f0f0')
      .stroke();
    y += 22;
  }
  doc.y = y + 6;
}

/** The header (title and verification code) and the page number, on every page. */
function frame(doc: PDFKit.PDFDocument, code: string) {
  const { start, count: pages } = doc.bufferedPageRange();
  for (let i = start; i < start + pages; i += 1) {
    doc.switchToPage(i);
    const { width, height } = doc.page;
    const inner = width - MARGIN.left - MARGIN.right;
    // writing in the margins must not start new pages
    const saved = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    doc.fontSize(8.5).fillColor(FAINT);
    doc.text('智能论文 · 论文相似性检测报告', MARGIN.left, 30, { width: inner / 2, lineBreak: false });
    doc.text(`验证码：${code}`, MARGIN.left + inner / 2, 30, { width: inner / 2, align: 'right', lineBreak: false });
    doc
      .moveTo(MARGIN.left, 44)
      .lineTo(width - MARGIN.right, 44)
      .lineWidth(0.5)
      .strokeColor('#e8e8e8')
      .stroke();
    doc.text(`第 ${i - start + 1} 页 / 共 ${pages} 页`, MARGIN.left, height - 36, { width: inner, align: 'center', lineBreak: false });
    doc.page.margins = saved;
  }
}
