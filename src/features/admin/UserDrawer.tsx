import LoadError from '@/components/LoadError';
import { reviewState } from '@/pages/Personal/ReviewList';
import { typesetState } from '@/pages/Personal/TypesetList';
import { useResult } from '@/hooks/useResult';
import { formatFen } from '@/utils/money';
import { formatTime } from '@/utils/time';
import { Descriptions, Drawer, Skeleton, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { orderStateText } from '../../../common/orderState';
import { ROLE_NAMES } from '../../../common/roles';
import { getAdminUser, type AdminUserDetail } from './api';
import DrawerTable from './DrawerTable';
import { useNarrowerThan } from '@/hooks/useNarrowerThan';

type Detail = AdminUserDetail;
type Typeset = Detail['typesets']['list'][number];

/** A typesetting job's state in the words of the student's own list (个人中心 → 排版记录): 已退款 too. */
function typesetTag(job: Typeset) {
  if (job.status === 'queued') return <Tag color="blue">排队中</Tag>;
  if (job.status === 'running') return <Tag color="processing">{`排版中 ${job.progress}%`}</Tag>;
  const { text, color } = typesetState(job);
  return <Tag color={color}>{text}</Tag>;
}

const time = (value: string | null) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(value)}</span>;

/** One of the account's lists: its latest rows, and how many there are in all when that is more. */
function Section<T extends { id: string }>({
  title,
  page,
  empty,
  columns,
}: {
  title: string;
  page: { list: T[]; total: number };
  empty: string;
  columns: ColumnsType<T>;
}) {
  return (
    <DrawerTable<T>
      heading={`${title}（${page.total}）`}
      note={page.total > page.list.length && `只列出最近 ${page.list.length} 条`}
      rows={page.list}
      rowKey="id"
      empty={empty}
      columns={columns}
    />
  );
}

type Work = { title: string; failureReason: string | null; createdAt: string };

/**
 * The columns of a check and of a typesetting alike: the paper, what it went through (a check
 * system, a template), its state, why it failed, and when it was handed in.
 */
function workColumns<T extends Work>(through: { title: string; dataIndex: keyof T & string }, state: (work: T) => ReactNode): ColumnsType<T> {
  return [
    { title: '论文题目', dataIndex: 'title' },
    { title: through.title, dataIndex: through.dataIndex },
    { title: '状态', key: 'status', render: (_, work) => state(work) },
    { title: '失败原因', dataIndex: 'failureReason', render: (reason: string | null) => reason ?? '—' },
    { title: '提交时间', dataIndex: 'createdAt', render: time },
  ];
}

const orderColumns: ColumnsType<Detail['orders']['list'][number]> = [
  { title: '订单号', dataIndex: 'id' },
  { title: '内容', dataIndex: 'title' },
  { title: '金额', dataIndex: 'amountFen', render: formatFen },
  {
    title: '状态',
    dataIndex: 'status',
    render: (_, order) => (
      <>
        {orderStateText(order)}
        {order.refundDue && (
          <Tag color="red" style={{ marginLeft: 8 }}>
            待退款
          </Tag>
        )}
      </>
    ),
  },
  { title: '下单时间', dataIndex: 'createdAt', render: time },
];
const reviewColumns = workColumns<Detail['reviews']['list'][number]>({ title: '检测系统', dataIndex: 'systemName' }, (review) => (
  <Tag color={reviewState(review).color}>{reviewState(review).text}</Tag>
));
const typesetColumns = workColumns<Typeset>({ title: '模板', dataIndex: 'templateName' }, typesetTag);

function Lists({ detail }: { detail: Detail }) {
  return (
    <>
      <Section title="订单" page={detail.orders} empty="没有订单" columns={orderColumns} />
      <Section title="查重" page={detail.reviews} empty="没有查重记录" columns={reviewColumns} />
      <Section title="排版" page={detail.typesets} empty="没有排版记录" columns={typesetColumns} />
    </>
  );
}

/** 用户详情: the account, and its orders, checks and typesetting jobs with their states. */
export default function UserDrawer({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { data, loading, error, reload } = useResult(() => getAdminUser(userId), [userId]);
  const phone = useNarrowerThan('md');
  return (
    <Drawer open title="用户详情" width={phone ? '100%' : 720} onClose={onClose}>
      {error && !data ? <LoadError what="用户详情" onRetry={() => void reload()} /> : null}
      {!data && loading ? <Skeleton active /> : null}
      {data && (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="邮箱">{data.user.email}</Descriptions.Item>
            <Descriptions.Item label="昵称">{data.user.nickname}</Descriptions.Item>
            <Descriptions.Item label="角色">{ROLE_NAMES[data.user.role]}</Descriptions.Item>
            <Descriptions.Item label="状态">
              {data.user.disabledAt ? <Tag color="red">{`已停用（${formatTime(data.user.disabledAt)}）`}</Tag> : <Tag color="green">正常</Tag>}
            </Descriptions.Item>
            <Descriptions.Item label="注册时间">{formatTime(data.user.createdAt)}</Descriptions.Item>
          </Descriptions>
          <Lists detail={data} />
        </>
      )}
    </Drawer>
  );
}
