/**
 * The back office's view of the job queue (任务): every job by state and kind, and the retry of a
 * given-up one, which the kind first makes safe (jobs/runner.ts retry) and which writes one audit
 * entry in the transaction that queues it again.
 */
import type { JobFamily, JobRow, JobRunner, JobStatus } from '../../jobs/runner';
import type { AuditService } from '../audit';
import type { UserRow } from '../user';

const familyOf = (kind: string): JobFamily => (kind === 'typeset' ? 'typeset' : 'review');

const toAdminJob = (job: JobRow) => ({
  id: job.id,
  kind: job.kind,
  family: familyOf(job.kind),
  refId: job.ref_id,
  status: job.status,
  attempts: job.attempts,
  lastError: job.last_error,
  createdAt: job.created_at,
  updatedAt: job.updated_at,
});

export function createAdminJobs(deps: { jobs: Pick<JobRunner, 'search' | 'retry'>; audit: AuditService }) {
  const { jobs, audit } = deps;
  const view = (job: JobRow) => ({ kind: job.kind, refId: job.ref_id, status: job.status, attempts: job.attempts, lastError: job.last_error });
  return {
    async list(query: { current: number; pageSize: number; status?: JobStatus; family?: JobFamily }) {
      const { current, pageSize, ...filter } = query;
      const page = await jobs.search(filter, { current, pageSize });
      return { ...page, list: page.list.map(toAdminJob) };
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
      return toAdminJob(after);
    },
  };
}
export type AdminJobs = ReturnType<typeof createAdminJobs>;
