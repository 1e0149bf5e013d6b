import AdminTable, { type Listing } from '@/features/admin/AdminTable';
import { listJobs, retryJob, type AdminJob, type AdminJobQuery, type JobFamily, type JobStatus } from '@/features/admin/api';
import { actionsColumn, ConfirmLink, idColumn, useTableActions } from '@/features/admin/tableActions';
import { formatTime } from '@/utils/time';
import type { ProColumns } from '@ant-design/pro-table';
import { Typography } from 'antd';

const statusEnum: Record<JobStatus, { text: string; status: 'Default' | 'Processing' | 'Success' | 'Error' }> = {
  queued: { text: '等待中', status: 'Default' },
  running: { text: '进行中', status: 'Processing' },
  done: { text: '已完成', status: 'Success' },
  failed: { text: '失败', status: 'Error' },
  cancelled: { text: '已取消', status: 'Default' },
};
const familyEnum: Record<JobFamily, { text: string }> = { review: { text: '查重' }, typeset: { text: '排版' } };
/** A review in shards works in parts and a merge: the part a job is of. */
const partOf = (kind: string) => (kind.startsWith('review_shard_') ? `分片 ${kind.slice('review_shard_'.length)}` : kind === 'review_merge' ? '合并' : '');

/**
 * Each column's width, so that the whole row reads at 1280 px beside the menu (about 940 px): the
 * order and check numbers end in an ellipsis (whole on hover, copied whole), the error and the times
 * wrap. On a phone a row shows its kind, state and error (`PHONE`).
 */
const WIDTHS = { id: 56, family: 88, status: 84, orderId: 100, refId: 100, attempts: 60, lastError: 170, createdAt: 96, updatedAt: 96, actions: 64 };
const PHONE = { family: 80, status: 80, lastError: 120 };

function columns(retry: (job: AdminJob) => void): ProColumns<AdminJob>[] {
  return [
    { title: '编号', dataIndex: 'id', search: false, width: WIDTHS.id },
    {
      title: '类型',
      dataIndex: 'family',
      valueEnum: familyEnum,
      width: WIDTHS.family,
      render: (dom, job) =>
        partOf(job.kind) ? (
          <>
            {dom}（{partOf(job.kind)}）
          </>
        ) : (
          dom
        ),
    },
    { title: '状态', dataIndex: 'status', valueEnum: statusEnum, width: WIDTHS.status },
    idColumn('订单号', 'orderId', WIDTHS.orderId),
    idColumn('查重/排版编号', 'refId', WIDTHS.refId),
    { title: '尝试次数', dataIndex: 'attempts', search: false, width: WIDTHS.attempts },
    {
      title: '错误',
      dataIndex: 'lastError',
      search: false,
      width: WIDTHS.lastError,
      // wrapped, a path or a long word broken anywhere, so all of it reads (a phone has no hover)
      render: (_, job) =>
        job.lastError ? (
          <Typography.Text type={job.status === 'failed' ? 'danger' : 'secondary'} style={{ overflowWrap: 'anywhere' }}>
            {job.lastError}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    { title: '创建时间', dataIndex: 'createdAt', search: false, width: WIDTHS.createdAt, render: (_, job) => formatTime(job.createdAt) },
    { title: '更新时间', dataIndex: 'updatedAt', search: false, width: WIDTHS.updatedAt, render: (_, job) => formatTime(job.updatedAt) },
    actionsColumn(
      (job) =>
        job.status === 'failed' ? (
          <ConfirmLink question={`重试任务 ${job.id}？`} consequence="任务将重新排队，学生会看到它重新处理。" okText="重试" onConfirm={() => retry(job)}>
            重试
          </ConfirmLink>
        ) : null,
      WIDTHS.actions,
    ),
  ];
}

const listing: Listing<AdminJob, AdminJobQuery> = { what: '任务列表', emptyText: '没有符合条件的任务', fetch: listJobs };

/** 任务: the job queue by state and kind, failed jobs with their error, and their retry. */
export default function AdminJobs() {
  const { actionRef, act } = useTableActions();
  const retry = (job: AdminJob) => act(() => retryJob(job.id), '重试失败', '任务已重新排队');
  return <AdminTable listing={listing} actionRef={actionRef} columns={columns(retry)} phoneColumns={PHONE} />;
}
