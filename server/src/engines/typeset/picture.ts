/**
 * What a manuscript's picture is, judged by its bytes and never by its name (docs/architecture.md,
 * "Security rules"): only raster pictures whose header parses and whose size is sane reach the
 * layout engine. Vector formats (SVG, EMF, WMF) are where office suites' parsers have been attacked,
 * so a file named `.png` that holds one is left out like any other unsupported picture.
 */
import { imageSize } from 'image-size';

export type PictureType = 'png' | 'jpg' | 'gif' | 'bmp';

/** Each accepted format's magic number, at the start of the file. */
const MAGIC: Array<[PictureType, number[]]> = [
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpg', [0xff, 0xd8, 0xff]],
  ['gif', [0x47, 0x49, 0x46, 0x38]],
  ['bmp', [0x42, 0x4d]],
];

/** Largest side and area laid out: far beyond any figure on an A4 page, well within the layout engine's memory. */
export const PICTURE_MAX_SIDE = 20_000;
export const PICTURE_MAX_PIXELS = 100_000_000;

export type PictureCheck =
  { ok: true; type: PictureType; width: number; height: number } | { ok: false; problem: 'format' | 'size'; width?: number; height?: number };

export function checkPicture(data: Buffer): PictureCheck {
  const type = MAGIC.find(([, magic]) => magic.every((byte, i) => data[i] === byte))?.[0];
  if (!type) return { ok: false, problem: 'format' };
  let size;
  try {
    size = imageSize(data);
  } catch {
    return { ok: false, problem: 'format' };
  }
  // the parser must agree with the magic number (a BMP's "BM" alone is two letters of text)
  if ((size.type === 'jpg' ? 'jpg' : size.type) !== type || !size.width || !size.height) return { ok: false, problem: 'format' };
  const { width, height } = size;
  if (width > PICTURE_MAX_SIDE || height > PICTURE_MAX_SIDE || width * height > PICTURE_MAX_PIXELS) return { ok: false, problem: 'size', width, height };
  return { ok: true, type, width, height };
}

/** The warning for a picture left out, by its name in the manuscript. */
export function pictureWarning(name: string, check: Extract<PictureCheck, { ok: false }>): string {
  if (check.problem === 'size') return `图片 ${name} 太大（${check.width}×${check.height} 像素），请缩小后插入，已略去`;
  return `图片 ${name} 的格式无法排入（只能排入 PNG、JPG、GIF 或 BMP 图片），请另存为 PNG 或 JPG 后插入，已略去`;
}
