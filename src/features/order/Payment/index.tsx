/** The parts of the payment page (/pay/{orderId}): the order's outcome, and paying a pending order. */
import AskFirst from '@/components/AskFirst';
import LinkButton from '@/components/LinkButton';
import { cancelOrder, startPayment, type Channel, type Order } from '@/features/order/api';
import { closedAction, onwardAfterPayment, recordName, wayBackAfterRefund } from '@/features/order/orderLinks';
import OrderNumber from '@/features/order/OrderNumber';
import { getReview } from '@/features/review/api';
import { useResult } from '@/hooks/useResult';
import { paths } from '@/utils/paths';
import { formatFen } from '@/utils/money';
import { CHANNEL_NAMES } from '../../../../common/orderKind';
import { ORDER_STATE_NAMES, PARTLY_REFUNDED, refundDueText, refundExtent, type CloseReason } from '../../../../common/orderState';
import { priceLine } from '../../../../common/price';
import { formatTime } from '@/utils/time';
import { AlipayCircleOutlined, WechatOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Descriptions, Radio, Result, Space, Spin, Typography } from 'antd';
import QRCode from 'qrcode';
import { useState } from 'react';
import { useCountdown, usePaymentFailure } from '../usePayment';
import styles from './index.less';

/** What a closed order's page says: when and why it closed, and what became of the money (nothing charged, or a late payment going back). */
export function closedText(order: Order) {
  const when = formatTime(order.closedAt);
  const why: Record<CloseReason, string> = {
    expired: `超过支付时限未付款，订单已于 ${when} 自动关闭`,
    cancelled: `您已于 ${when} 取消这笔订单，订单已关闭`,
    deleted: `${recordName(order)}已于 ${when} 删除，这笔订单随之关闭`,
    replaced: `论文修改后，这笔订单已于 ${when} 换成新订单`,
    item_paid: `这项服务已通过另一笔订单付款，这笔订单已于 ${when} 关闭`,
  };
  const money = refundDueText(order) ?? (order.refundedFen > 0 ? `关闭后收到的 ${formatFen(order.refundedFen)} 已原路退回` : '没有扣费');
  return `${order.title} · ${formatFen(order.amountFen)}。${why[order.closeReason ?? 'cancelled']}，${money}。`;
}

/** A closed order's way on, as its page's one button. */
function ActionLink({ link: [to, label] }: { link: [string, string] }) {
  return (
    <LinkButton to={to} type="primary">
      {label}
    </LinkButton>
  );
}

/** The way on from an order replaced after its paper changed: the check's own order now, when it is another. */
function NewOrderLink({ order }: { order: Order }) {
  const { data: review } = useResult(() => getReview(order.itemId), [order.itemId]);
  return <ActionLink link={review?.orderId && review.orderId !== order.id ? [paths.pay(review.orderId), '支付新订单'] : closedAction(order)} />;
}

/**
 * A paid (or refunded) order: done, and the way on to what was bought; a second payment, going back.
 * Refunded in full, it is no longer paid for: it says so, and leads back to the records, not on to
 * the service (its progress, its result).
 */
export function PaidResult({ order }: { order: Order }) {
  const extent = refundExtent(order);
  const [to, label] = extent === 'full' ? wayBackAfterRefund(order) : onwardAfterPayment(order);
  const dueBack = refundDueText(order);
  return (
    <Card>
      {dueBack && <Alert type="warning" showIcon message={dueBack} style={{ marginBottom: 16 }} />}
      <Result
        status={extent === 'full' ? 'info' : 'success'}
        title={<h1 style={{ fontSize: 24, margin: 0 }}>{order.status === 'paid' ? '支付成功' : extent === 'part' ? PARTLY_REFUNDED : '订单已退款'}</h1>}
        subTitle={
          <>
            <div className={styles.title}>{`${order.title} · ${formatFen(order.amountFen)}`}</div>
            {order.status === 'refunded' && <div>已退 {formatFen(order.refundedFen)}</div>}
            {order.price && <div>计价：{priceLine(order.price)}</div>}
            <OrderNumber id={order.id} />
          </>
        }
        extra={
          <LinkButton to={to} type="primary">
            {label}
          </LinkButton>
        }
      />
    </Card>
  );
}

/** A closed order: why, and ordering again. */
export function ClosedResult({ order }: { order: Order }) {
  return (
    <Card>
      <Result
        status="info"
        title={<h1 style={{ fontSize: 24, margin: 0 }}>订单{ORDER_STATE_NAMES.closed}</h1>}
        subTitle={
          <>
            <div>{closedText(order)}</div>
            <OrderNumber id={order.id} />
          </>
        }
        extra={order.closeReason === 'replaced' && order.kind === 'review' ? <NewOrderLink order={order} /> : <ActionLink link={closedAction(order)} />}
      />
    </Card>
  );
}

/** A started payment: its address, as a QR code, and the channel it was started on. */
type Payment = { payUrl: string; qr: string; sandbox: boolean; channel: Channel };

/** The payment address as a QR code: SVG, sharp at any size and drawn without a canvas. */
async function qrOf(payUrl: string) {
  const svg = await QRCode.toString(payUrl, { type: 'svg', margin: 1 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The order, its price and the time left to pay. */
function OrderSummary({ order }: { order: Order }) {
  const countdown = useCountdown(order.expiresAt);
  return (
    // a label is never squeezed to break mid-word: the value beside it wraps instead (index.less)
    <Descriptions column={1} size="small" bordered className={styles.summary} style={{ marginBottom: 16 }}>
      <Descriptions.Item label="商品">
        <span className={styles.title}>{order.title}</span>
      </Descriptions.Item>
      <Descriptions.Item label="订单号">
        <OrderNumber id={order.id} bare />
      </Descriptions.Item>
      <Descriptions.Item label="应付金额">
        <Typography.Text strong style={{ fontSize: 20, color: '#cf1322' }}>
          {formatFen(order.amountFen)}
        </Typography.Text>
      </Descriptions.Item>
      {order.price && <Descriptions.Item label="计价方式">{priceLine(order.price)}</Descriptions.Item>}
      <Descriptions.Item label="剩余支付时间">
        <span aria-live="polite">{countdown.text}</span>
        <Typography.Text type="secondary" className={styles.deadline}>
          （<span className={styles.when}>{formatTime(order.expiresAt)}</span> 前未付款，订单自动关闭）
        </Typography.Text>
      </Descriptions.Item>
    </Descriptions>
  );
}

/** The QR code of a started payment, and the link to the gateway's page. */
function PaymentCode({ payment }: { payment: Payment }) {
  return (
    <div style={{ textAlign: 'center' }}>
      <img src={payment.qr} alt="支付二维码" width={200} height={200} />
      <p style={{ margin: '8px 0' }}>请用{payment.channel === 'alipay' ? '支付宝' : '微信'}扫码，或</p>
      <Button type="primary" href={payment.payUrl} target="_blank" rel="noopener">
        打开支付页面
      </Button>
      <p style={{ color: 'rgba(0,0,0,0.45)', marginTop: 8 }}>支付完成后本页会自动更新。</p>
    </div>
  );
}

/** Cancelling the order: irreversible, so it asks first (docs/ux.md). */
function CancelOrder({ orderId, onDone }: { orderId: string; onDone: () => Promise<unknown> }) {
  const [cancelling, setCancelling] = useState(false);
  return (
    <AskFirst
      title="确定取消这笔订单？"
      description="取消后不能再付款，需要时请重新下单。"
      okText="取消订单"
      cancelText="再想想"
      okButtonProps={{ danger: true, loading: cancelling }}
      onConfirm={async () => {
        setCancelling(true);
        try {
          await cancelOrder(orderId).catch(() => undefined);
          await onDone();
        } finally {
          setCancelling(false);
        }
      }}
    >
      <Button>取消订单</Button>
    </AskFirst>
  );
}

/** A channel whose payment could not be started: said in the page, with a retry (the code below, if any, stays its own channel's). */
function StartFailed({ channel, payment, onRetry }: { channel: Channel; payment?: Payment; onRetry: () => void }) {
  const keep = payment ? `下方仍是${CHANNEL_NAMES[payment.channel]}的二维码，也可以继续用它支付。` : '';
  return (
    <Alert
      role="alert"
      type="error"
      showIcon
      message={`${CHANNEL_NAMES[channel]}没有启动成功`}
      description={`没有扣款，订单仍待支付。请检查网络后重试。${keep}`}
      action={
        <Button size="small" onClick={onRetry}>
          重试
        </Button>
      }
    />
  );
}

/** A pending order: the channel, its QR code, the sandbox's failures, cancelling. */
export function PendingPayment({ order, sandbox, reload }: { order: Order; sandbox: boolean; reload: () => Promise<unknown> }) {
  // the channel shown chosen is always the one whose code is shown: a start that fails changes neither
  const [payment, setPayment] = useState<Payment>();
  const [starting, setStarting] = useState<Channel>();
  const [startFailed, setStartFailed] = useState<Channel>();
  const paymentFailure = usePaymentFailure(order.id);

  const pay = async (chosen: Channel) => {
    setStarting(chosen);
    setStartFailed(undefined);
    paymentFailure.clear();
    try {
      const { payUrl, sandbox: onSandbox } = (await startPayment(order.id, chosen)).result;
      setPayment({ payUrl, sandbox: onSandbox, qr: await qrOf(payUrl), channel: chosen });
    } catch {
      setStartFailed(chosen);
      // the order may have been paid or closed meanwhile: its page then says so
      await reload();
    } finally {
      setStarting(undefined);
    }
  };

  return (
    <Card>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>订单支付</h1>
      {(sandbox || payment?.sandbox) && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="沙箱支付：当前是测试环境，不会真实扣款。" />}
      <OrderSummary order={order} />
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        {startFailed && <StartFailed channel={startFailed} payment={payment} onRetry={() => pay(startFailed)} />}
        {paymentFailure.failed && (
          <Alert role="alert" type="error" showIcon message="支付没有成功" description="没有扣款，订单仍待支付。可以再次打开支付页面，或换一种支付方式重试。" />
        )}
        <div>
          <Typography.Text>支付方式：</Typography.Text>
          <Radio.Group value={starting ?? payment?.channel} onChange={(e) => pay(e.target.value)} disabled={Boolean(starting)} aria-label="支付方式">
            <Radio.Button value="alipay">
              <AlipayCircleOutlined aria-hidden /> {CHANNEL_NAMES.alipay}
            </Radio.Button>
            <Radio.Button value="wechat">
              <WechatOutlined aria-hidden /> {CHANNEL_NAMES.wechat}
            </Radio.Button>
          </Radio.Group>
        </div>
        {starting && (
          <Space>
            <Spin /> 正在生成支付二维码…
          </Space>
        )}
        {payment && !starting && <PaymentCode payment={payment} />}
        {!payment && <Typography.Text type="secondary">选择支付方式后显示二维码。</Typography.Text>}
        <CancelOrder orderId={order.id} onDone={reload} />
      </Space>
    </Card>
  );
}
