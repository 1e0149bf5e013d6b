/**
 * The background work of a paid review: compare the paper with the library (the similarity
 * engine), name the sources, and store the report with its verification code. Repeatable: the
 * result is written only at the end (jobs/runner.ts runs a job again after a crash).
 */
import { randomBytes } from 'crypto';
import { checkText } from '../../engines/similarity/check';
import type { JobHandler } from '../../jobs/runner';
import { nowIso } from '../../lib/time';
import type { DocumentService } from '../document/service';
import type { OrderService } from '../order/service';
import type { Corpus } from './corpus';
import type { ReviewRepo } from './repo';

/** Progress is written in steps of at least this many percent (each is a database write). */
const PROGRESS_STEP = 5;

const newVerificationCode = () => {
  const code = randomBytes(8).toString('hex').toUpperCase();
  return `ZN-${code.slice(0, 5)}-${code.slice(5, 10)}`;
};

export function createReviewJob(deps: { repo: ReviewRepo; orders: OrderService; corpus: Corpus; documents: Pick<DocumentService, 'sourceLines'> }): JobHandler {
  const { repo, orders, corpus, documents } = deps;
  return {
    async run(reviewId, context) {
      const review = await repo.findReview(reviewId);
      if (!review || review.status === 'done') return;
      if (review.paper_text === null) throw new Error('论文已删除');
      const system = (await repo.findSystem(review.system_id))!;
      await repo.updateReview(reviewId, { status: 'running', progress: 1, updated_at: nowIso() });
      await corpus.sync();
      let shown = 1;
      const report = await checkText(review.paper_text, corpus.index, corpus.text, {
        minMatch: system.min_match,
        onProgress: async (fraction) => {
          const percent = Math.min(99, Math.floor(fraction * 100));
          if (percent < shown + PROGRESS_STEP) return;
          shown = percent;
          await repo.updateReview(reviewId, { progress: percent, updated_at: nowIso() });
          await context.heartbeat();
        },
      });
      const lines = await documents.sourceLines(report.sources.map((s) => s.sourceId));
      const sources = report.sources.map((s) => ({ ...s, ...(lines.get(s.sourceId) ?? { title: '已下线的文献', detail: '' }) }));
      await repo.updateReview(reviewId, {
        status: 'done',
        progress: 100,
        report: JSON.stringify({ ...report, sources }),
        similarity: report.similarity,
        verification_code: newVerificationCode(),
        finished_at: nowIso(),
        updated_at: nowIso(),
      });
    },

    async giveUp(reviewId, reason) {
      const review = await repo.findReview(reviewId);
      if (!review) return;
      await repo.updateReview(reviewId, { status: 'failed', failure_reason: `检测未能完成（${reason}），费用将原路退回`, updated_at: nowIso() });
      if (review.order_id) await orders.owesRefund(review.order_id);
    },
  };
}
