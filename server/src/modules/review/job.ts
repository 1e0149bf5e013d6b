/**
 * The background work of a paid review: compare the paper with the library (the similarity
 * engine), name the sources, and store the report with its verification code. Repeatable: the
 * result is written only at the end (jobs/runner.ts runs a job again after a crash).
 *
 * With the library in one index (one shard) the `review` job does it all. In shards it only splits
 * the work: a `review_shard_<n>` job per shard, run by a process that holds that shard, stores what
 * its index holds of the paper; the last of them queues `review_merge`, which any process runs: the
 * candidates of all shards merged exactly as one index would give them, aligned, and the report.
 */
import { randomBytes } from 'crypto';
import { checkText, type CandidateSource } from '../../engines/similarity/check';
import { commonLimit, mergeCandidates, queryGrams, type IndexHits } from '../../engines/similarity/corpusIndex';
import { tokenize } from '../../engines/similarity/normalize';
import type { JobHandler, JobKind, JobRunner } from '../../jobs/runner';
import { AppError } from '../../lib/errors';
import { nowIso } from '../../lib/time';
import { formatVerificationCode } from '../../../../common/verificationCode';
import type { DocumentService } from '../document';
import type { OrderService } from '../order';
import type { ReviewRepo } from './repo';
import type { CorpusShards } from './shards';

/** Progress is written in steps of at least this many percent (each is a database write). */
const PROGRESS_STEP = 5;
/** In shards, the parts take progress up to here and the merge the rest. */
const PARTS_DONE = 50;

export const shardJobKind = (shard: number) => `review_shard_${shard}` as const;
export const MERGE_JOB_KIND = 'review_merge' as const;

const newVerificationCode = () => formatVerificationCode(randomBytes(5).toString('hex').toUpperCase());

interface Deps {
  repo: ReviewRepo;
  orders: OrderService;
  jobs: Pick<JobRunner, 'enqueue' | 'watch'>;
  shards: CorpusShards;
  documents: Pick<DocumentService, 'sourceLines' | 'documentText' | 'documentCount'>;
}

/** What every review job does with its review: read it, report it, give it up, and undo that. */
function reviewSteps({ repo, orders, documents }: Deps) {
  /** The review to work on, or undefined when there is nothing left to do (done, or given up: in shards one part may fail while others still run). */
  async function pending(reviewId: string) {
    const review = await repo.findReview(reviewId);
    if (!review || review.status === 'done' || review.status === 'failed') return undefined;
    if (review.paper_text === null) throw new Error('论文已删除');
    return { ...review, paper_text: review.paper_text };
  }

  /** Compares the paper with the candidates, names the sources and stores the report. */
  async function report(
    reviewId: string,
    paper: string,
    systemId: string,
    candidates: CandidateSource,
    progress: { from: number; heartbeat: () => Promise<void> },
  ) {
    const system = (await repo.findSystem(systemId))!;
    let shown = progress.from;
    const result = await checkText(paper, candidates, documents.documentText, {
      minMatch: system.min_match,
      onProgress: async (fraction) => {
        const percent = Math.min(99, Math.floor(progress.from + fraction * (100 - progress.from)));
        if (percent < shown + PROGRESS_STEP) return;
        shown = percent;
        await repo.updateReview(reviewId, { progress: percent, updated_at: nowIso() });
        await progress.heartbeat();
      },
    });
    const lines = await documents.sourceLines(result.sources.map((s) => s.sourceId));
    const sources = result.sources.map((s) => ({ ...s, ...(lines.get(s.sourceId) ?? { title: '已下线的文献', detail: '' }) }));
    await repo.updateReview(reviewId, {
      status: 'done',
      progress: 100,
      report: JSON.stringify({ ...result, sources }),
      similarity: result.similarity,
      verification_code: newVerificationCode(),
      finished_at: nowIso(),
      updated_at: nowIso(),
    });
  }

  async function giveUp(reviewId: string, reason: string) {
    const review = await repo.findReview(reviewId);
    if (!review || review.status === 'failed') return;
    await repo.updateReview(reviewId, { status: 'failed', failure_reason: `检测未能完成（${reason}），费用将原路退回`, updated_at: nowIso() });
    if (review.order_id) await orders.owesRefund(review.order_id);
  }

  /**
   * The back office retries a given-up job: the review waits again (the student sees 排队中, not
   * 检测失败) and the refund its failure marked is withdrawn. Refused when the paper is gone or the
   * order's money has gone back (orders.withdrawRefundDue): the student would have both.
   */
  async function resume(reviewId: string) {
    const review = await repo.findReview(reviewId);
    if (!review || review.status !== 'failed') return;
    if (review.paper_text === null) throw new AppError(409, 'NOT_RETRYABLE', '论文已删除，不能重试');
    if (review.order_id) await orders.withdrawRefundDue(review.order_id);
    await repo.updateReview(reviewId, { status: 'queued', progress: 0, failure_reason: null, updated_at: nowIso() });
  }

  return { pending, report, giveUp, resume };
}

/**
 * A shard's or the merge's job is not retried alone: when the review was given up, the other
 * shards' jobs ended without keeping their parts, so the merge would never come.
 */
async function partOfSharded() {
  throw new AppError(409, 'NOT_RETRYABLE', '分库检测中的单个任务不能单独重试：请为这笔订单退款，学生可重新提交检测');
}

/** The job handlers of reviews this process can run, by kind. */
export function createReviewJobs(deps: Deps): Map<JobKind, JobHandler> {
  const { repo, jobs, shards, documents } = deps;
  const { pending, report, giveUp, resume } = reviewSteps(deps);
  const handlers = new Map<JobKind, JobHandler>();

  if (shards.count === 1) {
    const corpus = shards.corpora.get(0);
    if (corpus) {
      handlers.set('review', {
        async run(reviewId, context) {
          const review = await pending(reviewId);
          if (!review) return;
          await repo.updateReview(reviewId, { status: 'running', progress: 1, updated_at: nowIso() });
          await corpus.sync();
          await report(reviewId, review.paper_text, review.system_id, corpus.index, { from: 1, heartbeat: context.heartbeat });
        },
        giveUp,
        resume,
      });
    }
    return handlers;
  }

  handlers.set('review', {
    async run(reviewId) {
      if (!(await pending(reviewId))) return;
      await repo.updateReview(reviewId, { status: 'running', progress: 1, updated_at: nowIso() });
      for (let shard = 0; shard < shards.count; shard += 1) await jobs.enqueue(shardJobKind(shard), reviewId);
    },
    giveUp,
    resume,
  });

  // a shard no running process holds would leave its checks waiting for good: given up after a
  // while by whichever process sweeps first, and refunded
  for (let shard = 0; shard < shards.count; shard += 1) jobs.watch(shardJobKind(shard), { giveUp, resume: partOfSharded }, shards.waitMs);

  for (const [shard, corpus] of shards.corpora) {
    handlers.set(shardJobKind(shard), {
      async run(reviewId) {
        const review = await pending(reviewId);
        if (!review) return;
        // the cap is the whole library's limit: a k-gram above it here is common in any case
        const cap = commonLimit(await documents.documentCount());
        await corpus.sync();
        const grams = queryGrams(tokenize(review.paper_text));
        const hits = corpus.index.hits(grams.hashes, cap, grams.kgrams);
        await repo.savePart(reviewId, shard, JSON.stringify(hits));
        // counted after this part is stored: of parts finishing together, the last to count sees all
        const done = await repo.countParts(reviewId);
        await repo.updateReview(reviewId, { progress: Math.max(1, Math.floor((PARTS_DONE * done) / shards.count)), updated_at: nowIso() });
        if (done === shards.count) await jobs.enqueue(MERGE_JOB_KIND, reviewId);
      },
      giveUp,
      resume: partOfSharded,
    });
  }

  handlers.set(MERGE_JOB_KIND, {
    async run(reviewId, context) {
      const review = await pending(reviewId);
      if (!review) return;
      const parts = await repo.parts(reviewId);
      if (parts.length !== shards.count) throw new Error(`${parts.length} of ${shards.count} shards answered`);
      const hits = parts.map((part) => JSON.parse(part.hits) as IndexHits);
      // the parts were made from this paper's own hashes, the same checkText passes here
      await report(
        reviewId,
        review.paper_text,
        review.system_id,
        { candidates: (_hashes, limit) => mergeCandidates(hits, limit) },
        { from: PARTS_DONE, heartbeat: context.heartbeat },
      );
      await repo.deleteParts(reviewId);
    },
    giveUp,
    resume: partOfSharded,
  });
  return handlers;
}
