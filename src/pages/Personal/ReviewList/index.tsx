import { atWork } from '@/utils/atWork';
import RecordsTable, { createdColumn, DeleteAction, RowLink, stateColumn, type RecordColumn } from '@/components/RecordsTable';
import { deletePaper, formatPercent, listReviews, reportPdfName, reportPdfPath, type Review } from '@/features/review/api';
import DownloadButton from '@/components/DownloadButton';
import { formatFen } from '@/utils/money';
import { Tag } from 'antd';
import { paths } from '@/utils/paths';
import { ORDER_STATE_NAMES } from '../../../../common/orderState';
import { formatCount } from '../../../../common/formatCount';

/** A check's state as the student reads it; an unpaid check whose order closed is no longer payable. */
export function reviewState(r: Review): { text: string; color: string } {
  switch (r.status) {
    case 'unpaid':
      return r.orderStatus === 'pending' ? { text: ORDER_STATE_NAMES.pending, color: 'orange' } : { text: `订单${ORDER_STATE_NAMES.closed}`, color: 'default' };
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

/** An unpaid check whose order can still be paid: the payment may come from another tab or a phone. */
const awaitingPayment = (r: Review) => r.status === 'unpaid' && r.orderStatus === 'pending';

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
  stateColumn(atWork, '检测', reviewState),
  { key: 'similarity', title: '相似度', essential: true, width: 80, render: (r) => (r.similarity === null ? '—' : formatPercent(r.similarity)) },
  createdColumn('提交时间'),
];

/** What can be done with a check: pay for it (or order again once its order closed), read its report, delete the paper. */
function ReviewActions({ review: r, reload }: { review: Review; reload: () => void }) {
  return (
    <>
      {awaitingPayment(r) && r.orderId && <RowLink to={paths.pay(r.orderId)}>付款 {formatFen(r.amountFen)}</RowLink>}
      {r.status === 'unpaid' && r.orderStatus !== 'pending' && <RowLink to={paths.reviewInfo(r.id)}>重新下单</RowLink>}
      {r.status === 'done' && (
        <>
          <RowLink to={paths.reviewReport(r.id)}>查看报告</RowLink>
          <DownloadButton type="link" size="small" url={reportPdfPath(r.id)} what="PDF 报告" fileName={reportPdfName(r.title)}>
            下载 PDF
          </DownloadButton>
        </>
      )}
      {!r.paperDeleted && !atWork(r) && (
        <DeleteAction
          label="删除论文"
          question="删除论文原文？"
          consequence="删除后无法恢复；报告的验证信息会保留。"
          remove={() => deletePaper(r.id)}
          done="论文已删除"
          reload={reload}
        />
      )}
      {r.paperDeleted && <Tag>论文已删除</Tag>}
    </>
  );
}

/** /personal/review/list: every check of the user, with live progress and payments, and what can be done with each. */
export default function ReviewListPage() {
  return (
    <RecordsTable<Review>
      title="查重记录"
      columns={columns}
      load={listReviews}
      isRunning={atWork}
      isWaiting={awaitingPayment}
      actions={(r, reload) => <ReviewActions review={r} reload={reload} />}
      empty={{ text: '还没有查重记录', start: [{ label: '去查重', to: paths.reviewHome }] }}
    />
  );
}
