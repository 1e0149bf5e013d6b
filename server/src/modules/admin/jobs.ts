/**
 * The back office's view of the job queue (任务): every job by state and kind, and the retry of a
 * given-up one, which the kind first makes safe (jobs/runner.ts retry) and which writes one audit
 * entry in the transaction that queues it again.
 */
import type { JobFamily, JobRow, JobRunner, JobStatus } from '../../jobs/runner';
import type { AuditService } from '../audit';
import type { OrderService } from '../order';
import type { UserRow } from '../user';

const familyOf = (kind: string): JobFamily => (kind === 'typeset' ? 'typeset' : 'review');

const toAdminJob = (job: JobRow, orderId: string | undefined) => ({
  id: job.id,
  kind: job.kind,
  family: familyOf(job.kind),
  refId: job.ref_id,
  status: job.status,
  attempts: job.attempts,
  lastError: job.last_error,
  createdAt: job.created_at,
  updatedAt: job.updated_at,
  // what an operator is asked about: the student quotes the order number, not the review's id
  ...(orderId ? { orderId } : {}),
});

export function createAdminJobs(deps: { jobs: Pick<JobRunner, 'search' | 'retry'>; orders: Pick<OrderService, 'latestOrderOf'>; audit: AuditService }) {
  const { jobs, orders, audit } = deps;
  /** Jobs as the back office lists them, each with the order of its review or typesetting. */
  const withOrders = async (rows: JobRow[]) => {
    const orderOf = await orders.latestOrderOf(rows.map((job) => job.ref_id));
    return rows.map((job) => toAdminJob(job, orderOf.get(job.ref_id)));
  };
  const view = (job: JobRow) => ({ kind: job.kind, refId: job.ref_id, status: job.status, attempts: job.attempts, lastError: job.last_error });
  return {
    async list(query: { current: number; pageSize: number; status?: JobStatus; family?: JobFamily }) {
      const { current, pageSize, ...filter } = query;
      const page = await jobs.search(filter, { current, pageSize });
      return { ...page, list: await withOrders(page.list) };
    },
    async retry(actor: UserRow, id: number) {
      const after = await jobs.retry(id, (before, queued, trx) =>
        audit.record(
          {
            actor: { id: actor.id, email: actor.email },
            action: 'job.retry',
            target: { type: 'job', id: String(id) },
            before: view(before),
            after: view(queued),
          },
          trx,
        ),
      );
      return (await withOrders([after]))[0];
    },
  };
}
export type AdminJobs = ReturnType<typeof createAdminJobs>;
