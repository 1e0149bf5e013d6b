import { cancelOrder, getGateway, getOrder, startPayment, type Channel, type Order } from '@/services/order';
import { formatFen } from '@/utils/money';
import { onwardAfterPayment, orderAgainLink } from '@/utils/orderLinks';
import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Radio, Result, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import QRCode from 'qrcode';
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'umi';

const POLL_MS = 2000;

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
          <Result status="warning" title="订单加载失败" subTitle="请检查网络后重试。" extra={<Button onClick={load}>重试</Button>} />
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
          subTitle={`${order.title} · ${formatFen(order.amountFen)}。未付款的订单 30 分钟后自动关闭，不会扣费。`}
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
        </Descriptions.Item>
      </Descriptions>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
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
        <Button
          onClick={async () => {
            await cancelOrder(orderId).catch(() => undefined);
            await load();
          }}
        >
          取消订单
        </Button>
      </Space>
    </Card>
  );
}
