/**
 * The review systems offered on first run; afterwards they are data in `review_systems`. They
 * differ in limit, price and turnaround; each names only the corpora it really compares against
 * (the document library, which grows with every import). All report from 13 characters (words):
 * honest Chinese text shares commonplace phrases of up to a dozen characters with any corpus of
 * its field, so a shorter minimum accuses students of copying what everyone writes (docs/features.md,
 * "Plagiarism checks"; migration 0007 moved the graduate and journal systems up from 10 and 8).
 */
import type { ReviewSystemTable } from '../../db/types';

export const REVIEW_SYSTEMS: ReviewSystemTable[] = [
  {
    id: 'undergraduate',
    name: '本科毕业论文检测',
    description: '面向本科毕业论文与课程论文：与范文库全部论文比对，连续 13 字相同即标出，报告含分章节结果与逐段对照。',
    price_per_thousand_fen: 300,
    min_match: 13,
    corpora: JSON.stringify(['范文库：学位论文', '范文库：期刊论文']),
    max_chars: 150_000,
    turnaround: '约 10 分钟',
    sort: 1,
  },
  {
    id: 'graduate',
    name: '硕博学位论文检测',
    description: '面向硕士、博士学位论文：篇幅上限更高，连续 13 字相同即标出，报告含分章节结果与逐段对照，适合送审前的最终自查。',
    price_per_thousand_fen: 500,
    min_match: 13,
    corpora: JSON.stringify(['范文库：学位论文', '范文库：期刊论文']),
    max_chars: 400_000,
    turnaround: '约 20 分钟',
    sort: 2,
  },
  {
    id: 'journal',
    name: '期刊职称论文检测',
    description: '面向期刊投稿与职称评审论文：篇幅短、出报告快，连续 13 字相同即标出。',
    price_per_thousand_fen: 400,
    min_match: 13,
    corpora: JSON.stringify(['范文库：学位论文', '范文库：期刊论文']),
    max_chars: 60_000,
    turnaround: '约 5 分钟',
    sort: 3,
  },
];
