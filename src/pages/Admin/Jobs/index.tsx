import AdminTable, { type Listing } from '@/features/admin/AdminTable';
import { listJobs, retryJob, type AdminJob, type AdminJobQuery, type JobFamily, type JobStatus } from '@/features/admin/api';
import { actionsColumn, ConfirmLink, useTableActions } from '@/features/admin/tableActions';
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

function columns(retry: (job: AdminJob) => void): ProColumns<AdminJob>[] {
  return [
    { title: '编号', dataIndex: 'id', search: false },
    {
      title: '类型',
      dataIndex: 'family',
      valueEnum: familyEnum,
      render: (dom, job) =>
        partOf(job.kind) ? (
          <>
            {dom}（{partOf(job.kind)}）
          </>
        ) : (
          dom
        ),
    },
    { title: '状态', dataIndex: 'status', valueEnum: statusEnum },
    { title: '订单号', dataIndex: 'orderId', search: false, copyable: true },
    { title: '查重/排版编号', dataIndex: 'refId', search: false, copyable: true },
    { title: '尝试次数', dataIndex: 'attempts', search: false },
    {
      title: '错误',
      dataIndex: 'lastError',
      search: false,
      width: 260,
      render: (_, job) => (job.lastError ? <Typography.Text type={job.status === 'failed' ? 'danger' : 'secondary'}>{job.lastError}</Typography.Text> : '—'),
    },
    { title: '创建时间', dataIndex: 'createdAt', search: false, render: (_, job) => formatTime(job.createdAt) },
    { title: '更新时间', dataIndex: 'updatedAt', search: false, render: (_, job) => formatTime(job.updatedAt) },
    actionsColumn((job) =>
      job.status === 'failed' ? (
        <ConfirmLink question={`重试任务 ${job.id}？`} consequence="任务将重新排队，学生会看到它重新处理。" okText="重试" onConfirm={() => retry(job)}>
          重试
        </ConfirmLink>
      ) : null,
    ),
  ];
}

const listing: Listing<AdminJob, AdminJobQuery> = { what: '任务列表', emptyText: '没有符合条件的任务', fetch: listJobs };

/** 任务: the job queue by state and kind, failed jobs with their error, and their retry. */
export default function AdminJobs() {
  const { actionRef, act } = useTableActions();
  const retry = (job: AdminJob) => act(() => retryJob(job.id), '重试失败', '任务已重新排队');
  return <AdminTable listing={listing} actionRef={actionRef} columns={columns(retry)} />;
}
