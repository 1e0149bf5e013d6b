import { cancelOrder, getGateway, getOrder, startPayment, type Channel, type Order } from '@/features/order/api';
import LoadError from '@/components/LoadError';
import { formatFen } from '@/utils/money';
import { onwardAfterPayment, orderAgainLink } from '@/features/order/orderLinks';
import { formatTime } from '@/utils/time';
import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Popconfirm, Radio, Result, Skeleton, Space, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'umi';

const POLL_MS = 2000;
/** The channel the sandbox gateway's page reports a failed payment on (server/src/modules/payment/sandbox.ts). */
const PAYMENT_CHANNEL = 'zn-payment';

/** What a closed order's page says: when and why it closed, and that nothing was charged. */
export function closedText(order: Order) {
  const when = formatTime(order.closedAt);
  return order.closeReason === 'expired'
    ? `${order.title} · ${formatFen(order.amountFen)}。超过支付时限未付款，订单已于 ${when} 自动关闭，没有扣费。`
    : `${order.title} · ${formatFen(order.amountFen)}。订单已于 ${when} 取消，没有扣费。`;
}

/** Tells when the sandbox gateway (opened in another tab) reports this order's payment failed. */
function usePaymentFailure(orderId: string) {
  const [failedAt, setFailedAt] = useState<number>();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return undefined;
    const channel = new BroadcastChannel(PAYMENT_CHANNEL);
    channel.onmessage = (event: MessageEvent<{ orderId?: string; result?: string }>) => {
      if (event.data?.orderId === orderId && event.data.result === 'fail') setFailedAt(Date.now());
    };
    return () => channel.close();
  }, [orderId]);
  return { failed: failedAt !== undefined, clear: () => setFailedAt(undefined) };
}

/** Minutes and seconds until `iso`, ticking; 0 when past. */
function useCountdown(iso: string | undefined) {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!iso) return undefined;
    const tick = () => setLeft(Math.max(0, Date.parse(iso) - Date.now()));
    tick();
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [iso]);
  const seconds = Math.ceil(left / 1000);
  return { left, text: `${Math.floor(seconds / 60)} 分 ${String(seconds % 60).padStart(2, '0')} 秒` };
}

/** /pay/{orderId}: the item and its price, a countdown, the channel, a QR code, live status. */
export default function PayPage() {
  const { orderId = '' } = useParams<{ orderId: string }>();
  const [order, setOrder] = useState<Order>();
  const [failed, setFailed] = useState(false);
  const [channel, setChannel] = useState<Channel>('alipay');
  const [payment, setPayment] = useState<{ payUrl: string; qr: string; sandbox: boolean }>();
  const [starting, setStarting] = useState(false);
  const [sandbox, setSandbox] = useState(false);
  const countdown = useCountdown(order?.status === 'pending' ? order.expiresAt : undefined);
  const paymentFailure = usePaymentFailure(orderId);
  const [cancelling, setCancelling] = useState(false);

  const load = useCallback(async () => {
    try {
      setOrder((await getOrder(orderId)).result);
      setFailed(false);
    } catch {
      // 401/403/404 are handled by the request layer (login, /403, /404); anything else: retry
      setFailed(true);
    }
  }, [orderId]);

  useEffect(() => {
    load();
    getGateway()
      .then(({ result }) => setSandbox(result.sandbox))
      .catch(() => undefined);
  }, [load]);

  // live status while the order waits for its payment
  useEffect(() => {
    if (order?.status !== 'pending') return undefined;
    const timer = setInterval(load, POLL_MS);
    return () => clearInterval(timer);
  }, [order?.status, load]);

  // the countdown reaching zero: ask the server, which closes the order
  useEffect(() => {
    if (order?.status === 'pending' && countdown.left === 0 && Date.parse(order.expiresAt) <= Date.now()) load();
  }, [countdown.left, order, load]);

  const pay = async (chosen: Channel) => {
    setChannel(chosen);
    setStarting(true);
    paymentFailure.clear();
    try {
      const { payUrl, sandbox } = (await startPayment(orderId, chosen)).result;
      // SVG: sharp at any size, and drawn without a canvas
      const svg = await QRCode.toString(payUrl, { type: 'svg', margin: 1 });
      setPayment({ payUrl, sandbox, qr: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    } catch {
      await load();
    } finally {
      setStarting(false);
    }
  };

  if (!order) {
    return (
      <Card>
        <h1 style={{ fontSize: 20, marginTop: 0 }}>订单支付</h1>
        {failed ? (
          <LoadError what="订单" onRetry={load} />
        ) : (
          <Skeleton active />
        )}
      </Card>
    );
  }

  if (order.status === 'paid' || order.status === 'refunded') {
    const [to, label] = onwardAfterPayment(order);
    return (
      <Card>
        <Result
          status="success"
          title={<h1 style={{ fontSize: 24, margin: 0 }}>{order.status === 'paid' ? '支付成功' : '订单已退款'}</h1>}
          subTitle={`${order.title} · ${formatFen(order.amountFen)}`}
          extra={
            <Link to={to}>
              <Button type="primary">{label}</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  if (order.status === 'closed') {
    return (
      <Card>
        <Result
          status="info"
          title={<h1 style={{ fontSize: 24, margin: 0 }}>{order.closeReason === 'expired' ? '订单已过期' : '订单已取消'}</h1>}
          subTitle={closedText(order)}
          extra={
            <Link to={orderAgainLink(order)}>
              <Button type="primary">重新下单</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  return (
    <Card>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>订单支付</h1>
      {(sandbox || payment?.sandbox) && (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="沙箱支付：当前是测试环境，不会真实扣款。" />
      )}
      <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label="商品">{order.title}</Descriptions.Item>
        <Descriptions.Item label="应付金额">
          <Typography.Text strong style={{ fontSize: 20, color: '#cf1322' }}>
            {formatFen(order.amountFen)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label="剩余支付时间">
          <span aria-live="polite">{countdown.text}</span>
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            （{formatTime(order.expiresAt)} 前未付款，订单自动关闭）
          </Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {paymentFailure.failed && (
          <Alert
            role="alert"
            type="error"
            showIcon
            message="支付没有成功"
            description="没有扣款，订单仍待付款。可以再次打开支付页面，或换一种支付方式重试。"
          />
        )}
        <div>
          <Typography.Text>支付方式：</Typography.Text>
          <Radio.Group value={payment ? channel : undefined} onChange={(e) => pay(e.target.value)} disabled={starting} aria-label="支付方式">
            <Radio.Button value="alipay">
              <AlipayCircleOutlined /> 支付宝
            </Radio.Button>
            <Radio.Button value="wechat">
              <WechatOutlined /> 微信支付
            </Radio.Button>
          </Radio.Group>
        </div>
        {starting && (
          <Space>
            <Spin /> 正在生成支付二维码…
          </Space>
        )}
        {payment && !starting && (
          <div style={{ textAlign: 'center' }}>
            <img src={payment.qr} alt="支付二维码" width={200} height={200} />
            <p style={{ margin: '8px 0' }}>请用{channel === 'alipay' ? '支付宝' : '微信'}扫码，或</p>
            <Button type="primary" href={payment.payUrl} target="_blank" rel="noopener">
              打开支付页面
            </Button>
            <p style={{ color: 'rgba(0,0,0,0.45)', marginTop: 8 }}>支付完成后本页会自动更新。</p>
          </div>
        )}
        {!payment && <Typography.Text type="secondary">选择支付方式后显示二维码。</Typography.Text>}
        {/* irreversible: asks first (docs/ux.md) */}
        <Popconfirm
          title="确定取消这笔订单？"
          description="取消后不能再付款，需要时请重新下单。"
          okText="取消订单"
          cancelText="再想想"
          okButtonProps={{ danger: true, loading: cancelling }}
          onConfirm={async () => {
            setCancelling(true);
            try {
              await cancelOrder(orderId).catch(() => undefined);
              await load();
            } finally {
              setCancelling(false);
            }
          }}
        >
          <Button>取消订单</Button>
        </Popconfirm>
      </Space>
    </Card>
  );
}
