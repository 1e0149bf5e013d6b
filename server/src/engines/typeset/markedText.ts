/**
 * A paragraph's text as a reader gathers it piece by piece, whitespace collapsed as it goes, with
 * the marks of the notes it refers to and the spans of its formatting (bold, italic, superscript,
 * subscript) kept at their places in the final text.
 */
import type { Block, FormatSpan, Formula, NoteMark, TextFormat } from './types';

const sameFormat = (a: TextFormat, b: TextFormat) => a.bold === b.bold && a.italic === b.italic && a.vertAlign === b.vertAlign;

export class MarkedText {
  private text = '';
  private readonly marks: NoteMark[] = [];
  private readonly spans: FormatSpan[] = [];
  private readonly formulas: Formula[] = [];

  /** a piece of the text, set as `format` says (plain when it says nothing) */
  add(piece: string, format?: TextFormat) {
    const collapsed = piece.replace(/\s+/g, ' ');
    const from = this.text.length;
    this.text += this.text.endsWith(' ') && collapsed.startsWith(' ') ? collapsed.slice(1) : collapsed;
    if (!format || (!format.bold && !format.italic && !format.vertAlign) || this.text.length === from) return;
    const last = this.spans[this.spans.length - 1];
    if (last && last.to === from && sameFormat(last, format)) last.to = this.text.length;
    else this.spans.push({ ...format, from, to: this.text.length });
  }

  /** a Word equation here, its letters standing for it in the text */
  formula(omml: string, letters: string) {
    const from = this.text.length;
    this.add(letters);
    this.formulas.push({ from, to: this.text.length, omml });
  }

  /** note `note` is referred to here */
  mark(note: number) {
    this.marks.push({ at: this.text.length, note });
  }

  /** The text trimmed, and the marks and spans moved with it. */
  done(): { text: string; notes: NoteMark[]; spans: FormatSpan[]; formulas: Formula[] } {
    const lead = this.text.length - this.text.trimStart().length;
    const text = this.text.trim();
    const within = (at: number) => Math.min(text.length, Math.max(0, at - lead));
    return {
      text,
      notes: this.marks.map(({ at, note }) => ({ at: within(at), note })),
      spans: this.spans.map((span) => ({ ...span, from: within(span.from), to: within(span.to) })).filter((span) => span.to > span.from),
      formulas: this.formulas.map((formula) => ({ ...formula, from: within(formula.from), to: within(formula.to) })).filter((f) => f.to > f.from),
    };
  }
}

/** A paragraph of such a text: with its notes' marks and its formatting when it has some. */
export const paragraphOf = ({
  text,
  notes,
  spans,
  formulas,
}: {
  text: string;
  notes: NoteMark[];
  spans?: FormatSpan[];
  formulas?: Formula[];
}): Extract<Block, { kind: 'paragraph' }> => ({
  kind: 'paragraph',
  text,
  ...(notes.length ? { notes } : {}),
  ...(spans?.length ? { spans } : {}),
  ...(formulas?.length ? { formulas } : {}),
});
