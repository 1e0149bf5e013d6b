import LoadError from '@/components/LoadError';
import { getGateway, getOrder } from '@/features/order/api';
import { ClosedResult, PaidResult, PendingPayment } from '@/features/order/Payment';
import { useResult } from '@/hooks/useResult';
import { Card, Skeleton } from 'antd';
import { useParams } from 'umi';

/** /pay/{orderId}: the item and its price, a countdown, the channel, a QR code, live status. */
export default function PayPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  // live status while the order waits for its payment (the server closes an overdue order as soon
  // as it is asked about, so the countdown running out shows at the next ask); 401/403/404 are the
  // request layer's
  const { data: order, error, reload } = useResult(() => getOrder(orderId), [orderId], { pollWhile: (o) => o.status === 'pending' });
  const gateway = useResult(() => getGateway().catch(() => ({ result: { gateway: '', sandbox: false } })), []);

  if (!order) {
    return (
      <Card>
        <h1 style={{ fontSize: 20, marginTop: 0 }}>订单支付</h1>
        {error ? <LoadError what="订单" onRetry={reload} /> : <Skeleton active />}
      </Card>
    );
  }
  if (order.status === 'paid' || order.status === 'refunded') return <PaidResult order={order} />;
  if (order.status === 'closed') return <ClosedResult order={order} />;
  return <PendingPayment order={order} sandbox={gateway.data?.sandbox ?? false} reload={reload} />;
}
