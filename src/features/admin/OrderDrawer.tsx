import CloseReason from '@/components/CloseReason';
import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { formatFen } from '@/utils/money';
import { formatTime } from '@/utils/time';
import { Button, Descriptions, Drawer, Skeleton, Tag, Typography } from 'antd';
import { gatewayName } from '../../../common/orderKind';
import { orderStateText, paymentOutcomeText } from '../../../common/orderState';
import { getAdminOrder, type AdminOrder, type AdminOrderDetail } from './api';
import DrawerTable from './DrawerTable';
import { canRefund } from './orderState';
import { useNarrowerThan } from '@/hooks/useNarrowerThan';

type Refund = AdminOrderDetail['refunds'][number];
const REFUND_STATES: Record<Refund['status'], [string, string]> = {
  pending: ['结果未知，可用同一退款单重试', 'warning'],
  succeeded: ['已退款', 'success'],
  refused: ['被拒绝', 'error'],
};

function OrderFacts({ detail }: { detail: AdminOrderDetail }) {
  const { order } = detail;
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label="订单号">
        <Typography.Text copyable>{order.id}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label="用户邮箱">{order.userEmail ?? '（账号已删除）'}</Descriptions.Item>
      <Descriptions.Item label="内容">{order.title}</Descriptions.Item>
      <Descriptions.Item label="金额">{formatFen(order.amountFen)}</Descriptions.Item>
      <Descriptions.Item label="状态">
        {orderStateText(order)}
        {order.status === 'closed' && ' '}
        <CloseReason order={order} />
        {order.refundDue && (
          <Tag color="red" style={{ marginLeft: 8 }}>
            待退款
          </Tag>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="已退金额">{formatFen(order.refundedFen)}</Descriptions.Item>
      <Descriptions.Item label="下单时间">{formatTime(order.createdAt)}</Descriptions.Item>
      <Descriptions.Item label="支付时间">{formatTime(order.paidAt)}</Descriptions.Item>
      <Descriptions.Item label="支付渠道">{gatewayName(order.gateway)}</Descriptions.Item>
      <Descriptions.Item label="支付流水号">
        {order.gatewayTradeNo ? <Typography.Text copyable>{order.gatewayTradeNo}</Typography.Text> : '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

function Lists({ detail }: { detail: AdminOrderDetail }) {
  return (
    <>
      <DrawerTable
        heading="支付通知"
        rows={detail.notifications}
        rowKey={(row) => `${row.tradeNo}-${row.createdAt}`}
        empty="还没有收到支付平台的通知"
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: formatTime },
          { title: '流水号', dataIndex: 'tradeNo' },
          { title: '金额', dataIndex: 'amountFen', render: formatFen },
          { title: '结果', dataIndex: 'outcome', render: paymentOutcomeText },
        ]}
      />
      <DrawerTable
        heading="退款记录"
        rows={detail.refunds}
        rowKey="requestNo"
        empty="没有退款"
        columns={[
          { title: '时间', dataIndex: 'createdAt', render: formatTime },
          { title: '金额', dataIndex: 'amountFen', render: formatFen },
          // the trade given back: the order's own, or a payment kept for refund (paid twice, or after it closed)
          { title: '流水号', dataIndex: 'tradeNo' },
          { title: '原因', dataIndex: 'reason' },
          { title: '状态', dataIndex: 'status', render: (status: Refund['status']) => <Tag color={REFUND_STATES[status][1]}>{REFUND_STATES[status][0]}</Tag> },
          { title: '退款单号', dataIndex: 'requestNo' },
        ]}
      />
    </>
  );
}

/** An order in detail: who, what, how it was paid, the gateway's notifications and the refunds. */
export default function OrderDrawer({
  orderId,
  version,
  onClose,
  onRefund,
}: {
  orderId: string;
  version: number;
  onClose: () => void;
  onRefund: (order: AdminOrder) => void;
}) {
  const { data, loading, error, reload } = useResult(() => getAdminOrder(orderId), [orderId, version]);
  const phone = useNarrowerThan('md');
  const refundable = data && canRefund(data.order);
  return (
    <Drawer
      open
      title="订单详情"
      width={phone ? '100%' : 640}
      onClose={onClose}
      extra={
        refundable && (
          <Button danger onClick={() => onRefund(data.order)}>
            退款
          </Button>
        )
      }
    >
      {error && !data ? <LoadError what="订单详情" onRetry={() => void reload()} /> : null}
      {!data && loading ? <Skeleton active /> : null}
      {data && (
        <>
          <OrderFacts detail={data} />
          <Lists detail={data} />
        </>
      )}
    </Drawer>
  );
}
