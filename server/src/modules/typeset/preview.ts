/**
 * A typeset's preview: the watermarked PDF, kept beside its pages and never sent, and its pages as
 * pictures, drawn when first asked for. Drawing all of a thesis's pages up front was most of a
 * typesetting's work (77 pages: 4 of its 7 seconds), and a student looks at a few pages before
 * paying; a page of the preview costs tens of milliseconds when the browser asks for it.
 */
import type { Readable } from 'stream';
import { buffer } from 'stream/consumers';
import { renderPages } from '../../engines/typeset/office';
import type { Storage } from '../../lib/storage';

/** 96 dpi: an A4 page is 794 px wide, the width the pages are shown at on a desktop */
const PREVIEW_DPI = 96;
/**
 * Pages drawn together, by one pdftoppm: a scroll brings the next few pages near the screen at
 * once, and each start of pdftoppm reads the whole PDF and its fonts again.
 */
const BLOCK = 4;
/** The watermarked PDF's name among the preview's pictures (`1.png`, `2.png`, …). */
const PDF_NAME = 'pages.pdf';

/** `folder`: the preview's key prefix in the store (ends with `/`). */
export function createPreviewPages(storage: Storage) {
  /** the blocks being drawn, by their first page's key: requests that come at once draw a block once */
  const drawing = new Map<string, Promise<void>>();

  const pageKey = (folder: string, page: number) => `${folder}${page}.png`;

  async function drawBlock(folder: string, first: number, pdf?: Buffer) {
    const source = pdf ?? storage.get(`${folder}${PDF_NAME}`);
    if (!source) return; // a preview made before its PDF was kept: its pages were all drawn then
    const pictures = await renderPages(Buffer.isBuffer(source) ? source : await buffer(source), PREVIEW_DPI, { first, last: first + BLOCK - 1 });
    await Promise.all(pictures.map((png, i) => storage.put(pageKey(folder, first + i), png)));
  }

  function drawn(folder: string, page: number, pdf?: Buffer): Promise<void> {
    const first = page - ((page - 1) % BLOCK);
    const key = pageKey(folder, first);
    let made = drawing.get(key);
    if (!made) {
      made = drawBlock(folder, first, pdf).finally(() => drawing.delete(key));
      drawing.set(key, made);
    }
    return made;
  }

  return {
    /** Keeps the watermarked PDF and draws the first pages, so they are shown at once. */
    async keep(folder: string, pdf: Buffer) {
      await storage.put(`${folder}${PDF_NAME}`, pdf);
      await drawn(folder, 1, pdf);
    },

    /** Page `page` (1-based, within the preview) as a picture: drawn now if no one has asked for it before. */
    async page(folder: string, page: number): Promise<Readable | undefined> {
      const kept = storage.get(pageKey(folder, page));
      if (kept) return kept;
      await drawn(folder, page);
      return storage.get(pageKey(folder, page));
    },

    /** Removes the PDF and every picture drawn of it. */
    async remove(folder: string, count: number) {
      for (const key of [`${folder}${PDF_NAME}`, ...Array.from({ length: count }, (_, i) => pageKey(folder, i + 1))]) await storage.remove(key);
    },
  };
}
