/**
 * What an upload may be: its size and its kinds, with the words the app and the API say when a
 * file is refused. One definition for the API's checks, the mock and the app's forms.
 */

/** A check's paper and a typeset manuscript: refused above this, never cut (docs/spec.md). */
export const UPLOAD_MAX_MB = 15;
export const UPLOAD_MAX_BYTES = UPLOAD_MAX_MB * 1024 * 1024;

/**
 * A typeset manuscript's length in characters (spaces not counted): a long doctoral thesis, of
 * 300,000 characters, fits with room to spare (400,000 are typeset in about 18 s); a longer text
 * is refused before it is stored, as it would hold a layout engine for minutes.
 */
export const MANUSCRIPT_MAX_CHARS = 500_000;
/** How many of one account's typesettings may be waiting or being typeset at once. */
export const TYPESET_MAX_ACTIVE = 2;
/** How many typesettings one account may submit in 24 hours that are not paid for. */
export const TYPESET_MAX_UNPAID_PER_DAY = 10;
/**
 * How many paper files one account may upload in 24 hours: each is kept 30 days, or until its paper
 * is deleted; a student revising a thesis uploads a few a day.
 */
export const PAPER_UPLOADS_PER_DAY = 30;
/** How many checks one account may submit in 24 hours that are not paid for (each keeps its paper's text). */
export const REVIEW_MAX_UNPAID_PER_DAY = 20;

/** An avatar picture. */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AVATAR_TYPE_MESSAGE = '头像只能是 PNG、JPG 或 WebP 图片';
/** An avatar's longest side in pixels: a phone's photo fits; a small file claiming a huge picture (a decompression bomb) does not. */
export const AVATAR_MAX_SIDE = 8192;
export const AVATAR_SIZE_MESSAGE = `头像图片的长和宽不能超过 ${AVATAR_MAX_SIDE} 像素`;

/** A kind of upload: the extensions taken, and what is said about a file that is not one of them. */
export interface UploadKind {
  extensions: readonly string[];
  /** the `accept` attribute of the file input */
  accept: string;
  wrongType: string;
  tooLarge: string;
  /** beside the field: the short form of `tooLarge` */
  tooLargeField: string;
}

const kind = (extensions: readonly string[], wrongType: string, tooLarge: string, tooLargeField: string): UploadKind => ({
  extensions,
  accept: extensions.map((e) => `.${e}`).join(','),
  wrongType,
  tooLarge,
  tooLargeField,
});

/** How a file in an older or another word processor's format (.doc, .wps) becomes one we read. */
export const SAVE_AS_DOCX = '请先用 Word 或 WPS 打开，另存为 .docx 再上传';

/** The paper of a plagiarism check. */
export const PAPER_UPLOAD = kind(
  ['docx', 'pdf', 'txt'],
  `只支持 .docx、.pdf 和 .txt 文件；.doc 或 .wps ${SAVE_AS_DOCX}`,
  `文件超过 ${UPLOAD_MAX_MB} MB，请压缩图片或删去附录后再上传`,
  `文件超过 ${UPLOAD_MAX_MB} MB`,
);

/** The manuscript of a typesetting. */
export const MANUSCRIPT_UPLOAD = kind(
  ['docx', 'md', 'txt'],
  `稿件只支持 .docx、.md 和 .txt 文件；.doc、.wps 或 PDF ${SAVE_AS_DOCX}`,
  `稿件超过 ${UPLOAD_MAX_MB} MB，请压缩图片后再上传`,
  `稿件超过 ${UPLOAD_MAX_MB} MB`,
);

/** Any other multipart upload that goes over the limit. */
export const GENERIC_TOO_LARGE = '文件太大了';

/** `thesis.DOCX` → `docx` */
export const extensionOf = (fileName: string) => (/\.([^.]+)$/.exec(fileName)?.[1] ?? '').toLowerCase();

/** Whether a file name is one of the kind's extensions. */
export const isAccepted = (upload: UploadKind, fileName: string) => upload.extensions.includes(extensionOf(fileName));

/** Why a chosen file would be refused (its kind, then its size), before it is sent; undefined: it may go. */
export function refusalOf(upload: UploadKind, file: { name: string; size: number }): string | undefined {
  if (!isAccepted(upload, file.name)) return upload.wrongType;
  if (file.size > UPLOAD_MAX_BYTES) return upload.tooLarge;
  return undefined;
}

/** Papers uploaded to the check library in the back office, as `npm run import` takes them (with .json metadata beside). */
export const LIBRARY_MAX_FILES = 50;
export const LIBRARY_UPLOAD = kind(
  ['md', 'txt', 'docx', 'pdf', 'json'],
  '只导入 .md、.txt、.docx 和 .pdf 文件（及同名的 .json 元数据）',
  `有文件超过 ${UPLOAD_MAX_MB} MB，这一批没有导入，请去掉它后再上传`,
  `文件超过 ${UPLOAD_MAX_MB} MB`,
);
export const LIBRARY_TOO_MANY_FILES = `一次最多上传 ${LIBRARY_MAX_FILES} 个文件`;
