import RecordsTable, { type RecordColumn } from '@/components/RecordsTable';
import { deletePaper, formatPercent, listReviews, reportPdfUrl, type Review } from '@/features/review/api';
import { formatFen } from '@/utils/money';
import { formatTime } from '@/utils/time';
import { Button, message, Popconfirm, Progress, Space, Tag } from 'antd';
import { Link } from 'umi';
import { paths } from '@/utils/paths';
import { ORDER_STATE_NAMES } from '../../../../common/orderState';
import { formatCount } from '../../../../common/formatCount';

/** A check's state as the student reads it; an unpaid check whose order closed is no longer payable. */
export function reviewState(r: Review): { text: string; color: string } {
  switch (r.status) {
    case 'unpaid':
      return r.orderStatus === 'pending' ? { text: '待付款', color: 'orange' } : { text: `订单${ORDER_STATE_NAMES.closed}`, color: 'default' };
    case 'queued':
      return { text: '排队中', color: 'blue' };
    case 'running':
      return { text: '检测中', color: 'processing' };
    case 'done':
      return { text: '已完成', color: 'green' };
    default:
      return { text: '失败', color: 'red' };
  }
}

const isRunning = (r: Review) => r.status === 'queued' || r.status === 'running';

const columns: RecordColumn<Review>[] = [
  { key: 'title', title: '论文题目', ellipsis: true, render: (r) => r.title },
  {
    key: 'system',
    title: '检测系统',
    // on a phone's card too: the same paper may be checked by more than one system
    essential: true,
    width: 150,
    render: (r) => (
      <>
        {r.systemName}
        <div style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{formatCount(r.charCount)} 字</div>
      </>
    ),
  },
  {
    key: 'status',
    title: '状态',
    essential: true,
    width: 140,
    render: (r) =>
      isRunning(r) ? (
        <Progress percent={r.progress} size="small" status="active" aria-label={`${r.title} 的检测进度`} />
      ) : (
        <Tag color={reviewState(r).color}>{reviewState(r).text}</Tag>
      ),
  },
  { key: 'similarity', title: '相似度', essential: true, width: 80, render: (r) => (r.similarity === null ? '—' : formatPercent(r.similarity)) },
  { key: 'createdAt', title: '提交时间', essential: true, width: 150, render: (r) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(r.createdAt)}</span> },
];

/** /personal/review/list: every check of the user, with live progress, and what can be done with each. */
export default function ReviewListPage() {
  const removePaper = async (review: Review, reload: () => void) => {
    await deletePaper(review.id);
    message.success('论文已删除');
    reload();
  };

  return (
    <RecordsTable<Review>
      title="查重记录"
      what="查重记录"
      columns={columns}
      load={listReviews}
      isRunning={isRunning}
      actions={(r, reload) => (
        <Space size={4} wrap>
          {r.status === 'unpaid' && r.orderStatus === 'pending' && r.orderId && (
            <Link to={paths.pay(r.orderId)}>
              <Button type="link" size="small">
                付款 {formatFen(r.amountFen)}
              </Button>
            </Link>
          )}
          {r.status === 'unpaid' && r.orderStatus !== 'pending' && (
            <Link to={paths.reviewInfo(r.id)}>
              <Button type="link" size="small">
                重新下单
              </Button>
            </Link>
          )}
          {r.status === 'done' && (
            <>
              <Link to={paths.reviewReport(r.id)}>
                <Button type="link" size="small">
                  查看报告
                </Button>
              </Link>
              <Button type="link" size="small" href={reportPdfUrl(r.id)}>
                下载 PDF
              </Button>
            </>
          )}
          {!r.paperDeleted && !isRunning(r) && (
            <Popconfirm
              title="删除论文原文？"
              description="删除后无法恢复；报告的验证信息会保留。"
              okText="删除"
              cancelText="取消"
              onConfirm={() => removePaper(r, reload)}
            >
              <Button type="link" size="small" danger>
                删除论文
              </Button>
            </Popconfirm>
          )}
          {r.paperDeleted && <Tag>论文已删除</Tag>}
        </Space>
      )}
      empty={{
        text: '还没有查重记录',
        action: (
          <Link to={paths.reviewHome}>
            <Button type="primary">去查重</Button>
          </Link>
        ),
      }}
    />
  );
}
