import contentDisposition from 'content-disposition';

/** Longest file name kept, in characters; longer names keep their start and their extension. */
export const FILE_NAME_MAX = 100;

/**
 * The name of an uploaded file as we keep and show it: no folders, no control characters, at most
 * FILE_NAME_MAX characters (a browser may send any name, of any length).
 */
export function storedFileName(raw: string): string {
  const base = (raw.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim() || '未命名';
  const chars = [...base];
  if (chars.length <= FILE_NAME_MAX) return base;
  const dot = base.lastIndexOf('.');
  const extension = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : '';
  return chars.slice(0, FILE_NAME_MAX - [...extension].length).join('') + extension;
}

/**
 * A download's Content-Disposition: saved, never shown in the page, under a name with no folders or
 * control characters: an ASCII fallback (`filename`) beside the exact name (`filename*`, RFC 6266).
 */
export const attachment = (fileName: string) => contentDisposition(storedFileName(fileName));
