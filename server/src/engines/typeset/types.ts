/** The manuscript's shape, shared by its readers (manuscript.ts, docxReader.ts, markedText.ts) and the writer. */
import type { PictureType } from './picture';

/** A footnote's mark in a paragraph: after the character at `at` of its text, note number `note` (1, 2 … in Manuscript.notes). */
export interface NoteMark {
  at: number;
  note: number;
}

/** How the characters from `from` up to `to` of a paragraph's text were set in the manuscript: bold, italic, raised or lowered. */
export interface TextFormat {
  bold?: true;
  italic?: true;
  vertAlign?: 'superscript' | 'subscript';
}
export interface FormatSpan extends TextFormat {
  from: number;
  to: number;
}

/** A Word equation (OMML, an m:oMath or m:oMathPara element as XML) standing for the characters from `from` up to `to`: its letters, as text. */
export interface Formula {
  from: number;
  to: number;
  omml: string;
}

export type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string; notes?: NoteMark[]; spans?: FormatSpan[]; formulas?: Formula[] }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; rows: string[][]; caption?: string }
  /** a raster picture checked by its bytes (picture.ts), with its size in pixels */
  | { kind: 'image'; data: Buffer; type: PictureType; width: number; height: number; caption?: string };

/** What a manuscript's own cover lines say (学号：2022001), by the cover field each could fill. */
export interface CoverInfo {
  author?: string;
  studentNumber?: string;
  school?: string;
  major?: string;
  supervisor?: string;
  date?: string;
}

export interface Manuscript {
  title?: string;
  /** read from the labelled lines before the abstract (指导教师：周老师); the form's fields come first */
  cover?: CoverInfo;
  abstractZh?: string;
  keywordsZh: string[];
  abstractEn?: string;
  keywordsEn: string[];
  body: Block[];
  references: string[];
  acknowledgements: Block[];
  appendices: Block[];
  /** the footnotes' (and endnotes') texts, note n at n − 1, typeset as footnotes where their paragraphs are */
  notes?: string[];
  warnings: string[];
}
