/**
 * A document's catalogue data: given (front matter or a sidecar .json), else read off the text
 * the way a librarian would — the title line, the 摘要/Abstract paragraph, the 关键词 line.
 */
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { DOCUMENT_TYPES } from '../../../../common/content';
import { OneOf } from '../shared/schemas';

export const GivenMetadata = Type.Object({
  title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  authors: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 60 }), { maxItems: 20 }), Type.String({ maxLength: 300 })])),
  year: Type.Optional(Type.Integer({ minimum: 1900, maximum: 2100 })),
  type: Type.Optional(OneOf(DOCUMENT_TYPES)),
  discipline: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  keywords: Type.Optional(Type.Union([Type.Array(Type.String({ maxLength: 40 }), { maxItems: 20 }), Type.String({ maxLength: 300 })])),
  abstract: Type.Optional(Type.String({ maxLength: 5000 })),
  featured: Type.Optional(Type.Boolean()),
});

export interface DocumentMetadata {
  title: string;
  authors: string[];
  year: number;
  type: string;
  discipline: string;
  keywords: string[];
  abstract: string;
  featured: boolean;
}

const FIELD_NAMES: Record<string, string> = {
  title: '标题',
  authors: '作者',
  year: '年份',
  type: '类型（本科/硕士/博士/期刊）',
  discipline: '学科',
  keywords: '关键词',
  abstract: '摘要',
  featured: '推荐',
};

/** The given metadata, or a Chinese reason why it is unusable. */
export function checkGiven(given: unknown): Static<typeof GivenMetadata> {
  if (given === undefined || given === null) return {};
  const problem = Value.Errors(GivenMetadata, given).First();
  if (problem) {
    const field = problem.path.split('/')[1];
    throw new Error(`元数据中的${FIELD_NAMES[field] ?? field}不正确`);
  }
  return given as Static<typeof GivenMetadata>;
}

const splitList = (value: string) =>
  value
    .split(/[，,;；、]|\s{2,}/)
    .map((s) => s.trim())
    .filter(Boolean);
const asList = (value: string[] | string | undefined) => (typeof value === 'string' ? splitList(value) : value);

const ABSTRACT_LINE = /^(摘\s*要|abstract)\s*[:：]?\s*(.*)$/i;
const KEYWORDS_LINE = /^(关键词|关键字|key\s*words)\s*[:：]\s*(.+)$/i;
const AUTHORS_LINE = /^(作者|作\s+者|author\(?s?\)?)\s*[:：]\s*(.+)$/i;
const ABSTRACT_MAX = 1000;

function abstractOf(lines: string[]): string {
  const at = lines.findIndex((l) => ABSTRACT_LINE.test(l));
  if (at < 0) return '';
  const parts = [ABSTRACT_LINE.exec(lines[at])![2]];
  for (const line of lines.slice(at + 1)) {
    if (KEYWORDS_LINE.test(line) || /^(第.{1,3}章|\d+(\.\d+)*\s|[一二三四五六七八九十]+、)/.test(line)) break;
    parts.push(line);
  }
  const text = parts.filter(Boolean).join('\n');
  return text.length > ABSTRACT_MAX ? `${text.slice(0, ABSTRACT_MAX)}…` : text;
}

function typeOf(text: string): string {
  const head = text.slice(0, 3000);
  if (/博士/.test(head)) return '博士';
  if (/硕士/.test(head)) return '硕士';
  if (/本科|学士|毕业论文|毕业设计/.test(head)) return '本科';
  return '期刊';
}

export function documentMetadata(text: string, fileName: string, given: Static<typeof GivenMetadata>, now = new Date()): DocumentMetadata {
  const lines = text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  const firstLine = lines[0] ?? '';
  const year = /((?:19|20)\d{2})\s*年/.exec(text.slice(0, 3000))?.[1];
  const authorsLine = lines
    .slice(0, 30)
    .map((l) => AUTHORS_LINE.exec(l))
    .find(Boolean);
  const keywordsLine = lines.map((l) => KEYWORDS_LINE.exec(l)).find(Boolean);
  return {
    title: given.title ?? (firstLine.length > 0 && firstLine.length <= 100 ? firstLine : fileName.replace(/\.[^.]+$/, '')),
    authors: asList(given.authors) ?? (authorsLine ? splitList(authorsLine[2]) : []),
    year: given.year ?? (year ? Number(year) : now.getUTCFullYear()),
    type: given.type ?? typeOf(text),
    discipline: given.discipline ?? '综合',
    keywords: asList(given.keywords) ?? (keywordsLine ? splitList(keywordsLine[2]) : []),
    abstract: given.abstract ?? abstractOf(lines),
    featured: given.featured ?? false,
  };
}
