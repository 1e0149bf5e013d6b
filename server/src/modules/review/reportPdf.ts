/**
 * The check report as a PDF a student can hand to a supervisor: the paper's details, the figures,
 * chapters, sources, every similar passage beside its source, and the verification code. Chinese
 * is set in Noto Sans SC (shipped as an npm package, so every machine renders it the same).
 */
import type PDFKit from 'pdfkit';

const FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');
const EXCERPT = 300;

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
  chapters: Array<{ title: string; similarity: number; totalChars: number }>;
  sources: Array<{ title: string; detail: string; share: number; matchedChars: number }>;
  passages: Array<{ start: number; end: number; sourceText: string; chars: number; sourceTitle: string }>;
}

const percent = (fraction: number) => `${(fraction * 100).toFixed(1)}%`;
const cut = (text: string) => (text.length > EXCERPT ? `${text.slice(0, EXCERPT)}…` : text);

export function renderReportPdf(input: ReportPdfInput): Promise<Buffer> {
  // loaded on first use: the mock runs this module in the page tests' browser-like environment,
  // where pdfkit would pick its browser build
  const PDFDocument = require('pdfkit') as typeof PDFKit;
  const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `论文相似性检测报告 - ${input.title}`, Author: '智能论文' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.registerFont('cjk', FONT).font('cjk');

  const heading = (text: string) => doc.moveDown(0.8).fontSize(13).fillColor('#1f1f1f').text(text).moveDown(0.3).fontSize(10.5);
  const line = (label: string, value: string) => doc.fillColor('#595959').text(`${label}：`, { continued: true }).fillColor('#1f1f1f').text(value);

  doc.fontSize(20).fillColor('#1677ff').text('智能论文', { align: 'center' });
  doc.fontSize(16).fillColor('#1f1f1f').text('论文相似性检测报告', { align: 'center' }).moveDown(0.5);
  doc.fontSize(10.5).fillColor('#595959').text(`报告验证码：${input.verificationCode}（可在 ${input.verifyUrl} 核验）`, { align: 'center' });

  heading('论文信息');
  line('论文题目', input.title);
  line('作者', input.author);
  if (input.school || input.major) line('学校 / 专业', [input.school, input.major].filter(Boolean).join(' / '));
  line('检测系统', input.systemName);
  line('检测时间', new Date(input.finishedAt).toLocaleString('zh-CN', { timeZone: 'Asia/Shanghai' }));
  line('检测字数', input.totalChars.toLocaleString('zh-CN'));

  heading('检测结果');
  line('总相似度', percent(input.similarity));
  line('去除引用和参考文献后的相似度', percent(input.excludingQuotes.similarity));
  line('相似字数', `${input.matchedChars.toLocaleString('zh-CN')} / ${input.totalChars.toLocaleString('zh-CN')}`);

  heading('分章节相似度');
  for (const chapter of input.chapters) line(chapter.title, `${percent(chapter.similarity)}（${chapter.totalChars.toLocaleString('zh-CN')} 字）`);

  heading('相似来源');
  if (!input.sources.length) doc.fillColor('#1f1f1f').text('没有发现相似来源。');
  input.sources.forEach((source, i) => doc.fillColor('#1f1f1f').text(`${i + 1}. ${source.title}（${source.detail}）  ${percent(source.share)}，${source.matchedChars} 字`));

  heading('相似段落对照');
  if (!input.passages.length) doc.fillColor('#1f1f1f').text('没有发现相似段落。');
  input.passages.forEach((passage, i) => {
    doc.moveDown(0.4).fillColor('#1f1f1f').text(`段落 ${i + 1}（${passage.chars} 字，来源：${passage.sourceTitle}）`);
    doc.fillColor('#cf1322').text(`本文：${input.text === null ? '（论文原文已删除）' : cut(input.text.slice(passage.start, passage.end))}`);
    doc.fillColor('#595959').text(`来源：${cut(passage.sourceText)}`);
  });

  doc.moveDown(1).fontSize(9).fillColor('#8c8c8c').text('本报告由智能论文根据所选检测系统的文献库生成，仅反映与库内文献的文字重合情况，供作者修改和导师审阅参考。');
  doc.end();
  return done;
}
