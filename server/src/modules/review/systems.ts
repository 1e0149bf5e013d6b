/**
 * The review systems offered on first run; afterwards they are data in `review_systems`. They
 * differ in limit and price; each names only the corpora it really compares against
 * (the document library, which grows with every import). All report from 13 characters (words):
 * honest Chinese text shares commonplace phrases of up to a dozen characters with any corpus of
 * its field, so a shorter minimum accuses students of copying what everyone writes (docs/features.md,
 * "Plagiarism checks"; migration 0007 moved the graduate and journal systems up from 10 and 8).
 */
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { ReviewSystemTable } from '../../db/types';
import { K, W } from '../../engines/similarity/corpusIndex';

/**
 * The shortest match a system may report from: the index finds every shared run of K + W − 1
 * tokens, and no shorter one for certain, so a smaller minimum would promise matches it misses.
 */
export const MIN_MATCH_FLOOR = K + W - 1;

/** What a system's row must hold to be offered, wherever it came from (seed, migration, an edit). */
const ReviewSystemSettings = Type.Object({
  id: Type.String({ pattern: '^[a-z][a-z0-9-]{0,31}$', description: '小写字母开头，由小写字母、数字和连字符组成，至多 32 个字符' }),
  name: Type.String({ minLength: 1, description: '不能为空' }),
  price_per_thousand_fen: Type.Integer({ minimum: 1, description: '每千字价格（分），须为正整数' }),
  min_match: Type.Integer({ minimum: MIN_MATCH_FLOOR, description: `起报字数，须为不小于 ${MIN_MATCH_FLOOR} 的整数` }),
  corpora: Type.Array(Type.String({ minLength: 1 }), { minItems: 1, description: '比对库，须为非空字符串组成的 JSON 数组' }),
  max_chars: Type.Integer({ minimum: 1000, description: '字数上限，须为不小于 1000 的整数' }),
});

/** The first thing wrong with a system's settings, in words an operator can act on; null when none. */
export function reviewSystemProblem(row: ReviewSystemTable): string | null {
  let corpora: unknown;
  try {
    corpora = JSON.parse(row.corpora);
  } catch {
    corpora = row.corpora;
  }
  const error = Value.Errors(ReviewSystemSettings, { ...row, corpora }).First();
  if (!error) return null;
  const field = error.path.split('/')[1];
  const rule = ReviewSystemSettings.properties[field as keyof typeof ReviewSystemSettings.properties];
  return `查重系统 ${row.id} 的 ${field} 不合要求：${rule.description}（现为 ${JSON.stringify(row[field as keyof ReviewSystemTable])}）`;
}

export const REVIEW_SYSTEMS: ReviewSystemTable[] = [
  {
    id: 'undergraduate',
    name: '本科毕业论文检测',
    description: '面向本科毕业论文与课程论文：与范文库全部论文比对，连续 13 字相同即标出，报告含分章节结果与逐段对照。',
    price_per_thousand_fen: 300,
    min_match: 13,
    corpora: JSON.stringify(['范文库：学位论文', '范文库：期刊论文']),
    max_chars: 150_000,
    turnaround: '通常 1 分钟内',
    sort: 1,
    enabled: 1,
  },
  {
    id: 'graduate',
    name: '硕博学位论文检测',
    description: '面向硕士、博士学位论文：篇幅上限更高，连续 13 字相同即标出，报告含分章节结果与逐段对照，适合送审前的最终自查。',
    price_per_thousand_fen: 500,
    min_match: 13,
    corpora: JSON.stringify(['范文库：学位论文', '范文库：期刊论文']),
    max_chars: 400_000,
    turnaround: '通常 1 分钟内',
    sort: 2,
    enabled: 1,
  },
  {
    id: 'journal',
    name: '期刊职称论文检测',
    description: '面向期刊投稿与职称评审论文：篇幅短、出报告快，连续 13 字相同即标出。',
    price_per_thousand_fen: 400,
    min_match: 13,
    corpora: JSON.stringify(['范文库：学位论文', '范文库：期刊论文']),
    max_chars: 60_000,
    turnaround: '通常 1 分钟内',
    sort: 3,
    enabled: 1,
  },
];
