/**
 * A paragraph's text as a reader gathers it piece by piece, whitespace collapsed as it goes, with
 * the marks of the notes it refers to kept at their places in the final text.
 */
import type { Block, NoteMark } from './types';

export class MarkedText {
  private text = '';
  private readonly marks: NoteMark[] = [];

  add(piece: string) {
    const collapsed = piece.replace(/\s+/g, ' ');
    this.text += this.text.endsWith(' ') && collapsed.startsWith(' ') ? collapsed.slice(1) : collapsed;
  }

  /** note `note` is referred to here */
  mark(note: number) {
    this.marks.push({ at: this.text.length, note });
  }

  /** The text trimmed, and the marks moved with it. */
  done(): { text: string; notes: NoteMark[] } {
    const lead = this.text.length - this.text.trimStart().length;
    const text = this.text.trim();
    return { text, notes: this.marks.map(({ at, note }) => ({ at: Math.min(text.length, Math.max(0, at - lead)), note })) };
  }
}

/** A paragraph of such a text: with its notes' marks when it has some. */
export const paragraphOf = ({ text, notes }: { text: string; notes: NoteMark[] }): Extract<Block, { kind: 'paragraph' }> =>
  notes.length ? { kind: 'paragraph', text, notes } : { kind: 'paragraph', text };
