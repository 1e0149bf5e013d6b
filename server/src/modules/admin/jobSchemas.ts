import { Type } from '@sinclair/typebox';
import { Nullable, Ok, Page, PageQuery } from '../shared/schemas';

const OverviewTotals = {
  ordersCreated: Type.Integer(),
  ordersPaid: Type.Integer(),
  /** fen: what the payments brought in, less what has been refunded of those orders since */
  revenueFen: Type.Integer(),
  reviewsDone: Type.Integer(),
  typesetsDone: Type.Integer(),
};

/** 概览: per day (China time, oldest first) and in all, and the jobs waiting and given up now. */
export const AdminOverview = Type.Object(
  {
    days: Type.Array(Type.Object({ day: Type.String(), ...OverviewTotals }, { additionalProperties: false })),
    totals: Type.Object(OverviewTotals, { additionalProperties: false }),
    jobs: Type.Object({ waiting: Type.Integer(), failed: Type.Integer() }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);
export const AdminOverviewReply = Ok(AdminOverview);
export const OverviewQuery = Type.Object({
  days: Type.Integer({ minimum: 1, maximum: 90, default: 30, errorMessage: '天数须为 1 到 90 之间的整数' }),
});

/** A job's state in the queue (jobs/runner.ts): queued is waiting to be taken; failed was given up; cancelled, its item deleted. */
export const JobStatus = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('done'), Type.Literal('failed'), Type.Literal('cancelled')]);
/** What a job works on: a review (whole, or in shards a part or the merge) or a typesetting. */
export const JobFamily = Type.Union([Type.Literal('review'), Type.Literal('typeset')]);

export const AdminJob = Type.Object(
  {
    id: Type.Integer(),
    /** the runner's kind: review, review_shard_<n>, review_merge, typeset */
    kind: Type.String(),
    family: JobFamily,
    /** the review's or the typesetting's id */
    refId: Type.String(),
    /** the newest order of that review or typesetting; absent when it was never ordered */
    orderId: Type.Optional(Type.String()),
    status: JobStatus,
    attempts: Type.Integer(),
    /** why the last attempt failed (kept while it is tried again) */
    lastError: Nullable(Type.String()),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  },
  { additionalProperties: false },
);
export const AdminJobQuery = Type.Object({ ...PageQuery, status: Type.Optional(JobStatus), family: Type.Optional(JobFamily) });
export const AdminJobListReply = Ok(Page(AdminJob));
export const AdminJobReply = Ok(AdminJob);
export const JobParams = Type.Object({ jobId: Type.Integer({ minimum: 1, errorMessage: '任务编号应为正整数' }) });
