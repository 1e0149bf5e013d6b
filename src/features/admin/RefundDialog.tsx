import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { fenOf, formatFen, yuanOf } from '@/utils/money';
import { submitConfirmed } from '@/utils/formErrors';
import { numberRules, parseTypedNumber } from '@/utils/formRules';
import { ModalForm, ProFormDependency, ProFormDigit, ProFormRadio, ProFormTextArea } from '@ant-design/pro-form';
import { Form, Skeleton } from 'antd';
import { useState } from 'react';
import { gatewayName } from '../../../common/orderKind';
import { getAdminOrder, refundOrder, type AdminOrder, type AdminOrderDetail } from './api';

type Refundable = AdminOrderDetail['refundable'][number];

/** What is still to give back of one payment: what it paid less what came back of it already. */
export const refundableFen = (payment: Pick<Refundable, 'amountFen' | 'refundedFen'>) => payment.amountFen - payment.refundedFen;

/** A refund request number: made once when the dialog opens, so a double click or a retry is the same refund. */
function newRequestNo() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `RF${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** A payment as the operator tells them apart: the service's own, or money kept for refund (paid twice, or after the order closed). */
function paymentLabel(payment: Refundable, order: AdminOrder) {
  const what = payment.payment === 'order' ? '订单服务款（原交易）' : order.status === 'closed' ? '订单关闭后到账的付款' : '重复支付';
  return `${what} ${gatewayName(payment.gateway)} ${payment.tradeNo ?? '—'}：实付 ${formatFen(payment.amountFen)}，已退 ${formatFen(payment.refundedFen)}，可退 ${formatFen(refundableFen(payment))}`;
}

/** Money kept for refund first (it is owed), then the order's own payment; only those with money left. */
const choices = (detail: AdminOrderDetail) =>
  [...detail.refundable.filter((p) => p.payment === 'due'), ...detail.refundable.filter((p) => p.payment === 'order')].filter((p) => refundableFen(p) > 0);

interface RefundForm {
  /** the payment given back, by its index among the choices */
  payment: number;
  mode: 'full' | 'partial';
  amount?: number;
  reason: string;
}

function AmountFields({ payments }: { payments: Refundable[] }) {
  return (
    <ProFormDependency name={['payment', 'mode']}>
      {({ payment, mode }) => {
        const left = refundableFen(payments[payment] ?? { amountFen: 0, refundedFen: 0 });
        return (
          <>
            <ProFormRadio.Group
              name="mode"
              label="退款金额"
              options={[
                { label: `全额退款（${formatFen(left)}）`, value: 'full' },
                { label: '部分退款', value: 'partial' },
              ]}
            />
            {mode === 'partial' && (
              <ProFormDigit
                name="amount"
                label="退款金额（元）"
                fieldProps={{ step: 1, parser: parseTypedNumber }}
                rules={numberRules({
                  missing: '请填写退款金额',
                  min: 0.01,
                  max: yuanOf(left),
                  decimals: 2,
                  invalid: '请输入大于 0 的金额，最多两位小数',
                  tooLarge: `退款金额不能超过可退金额 ${formatFen(left)}`,
                })}
              />
            )}
          </>
        );
      }}
    </ProFormDependency>
  );
}

/**
 * 退款: one payment of the order at a time, from its own transaction: a payment kept for refund
 * (paid twice, or after the order closed) or the order's own; all that is left of it or part, in
 * 元, with a reason, through the gateway it was paid with.
 */
export default function RefundDialog({ order, onClose, onDone }: { order: AdminOrder; onClose: () => void; onDone: (detail: AdminOrderDetail) => void }) {
  // mounted anew for each opening: one number for every submit of this dialog
  const [requestNo] = useState(newRequestNo);
  const [form] = Form.useForm<RefundForm>();
  const { data, error, reload } = useResult(() => getAdminOrder(order.id), [order.id]);
  const payments = data ? choices(data) : [];
  const submit = async ({ payment, mode, amount, reason }: RefundForm) => {
    const amountFen = mode === 'partial' && amount ? fenOf(amount) : undefined;
    const tradeNo = payments[payment]?.tradeNo ?? undefined;
    const answer = await submitConfirmed(form, () => refundOrder(order.id, { requestNo, tradeNo, amountFen, reason: reason.trim() }), '退款失败', '退款成功', {
      amountFen: 'amount',
      tradeNo: 'payment',
    });
    if (!answer) return false;
    onDone(answer.result);
    return true;
  };
  return (
    <ModalForm<RefundForm>
      title={`退款：订单 ${order.id}`}
      name="refund"
      open
      form={form}
      width={560}
      initialValues={{ payment: 0, mode: 'full' }}
      modalProps={{ destroyOnClose: true, onCancel: onClose, maskClosable: false }}
      submitter={{ searchConfig: { submitText: '确认退款', resetText: '取消' }, submitButtonProps: { disabled: !payments.length } }}
      onFinish={submit}
    >
      {error && !data ? <LoadError what="可退款项" onRetry={() => void reload()} /> : null}
      {!data && !error ? <Skeleton active /> : null}
      {data && !payments.length ? <p>这张订单没有可退的款项。</p> : null}
      {payments.length > 0 && (
        <>
          <p>{`退款经原支付渠道原路退回，每笔付款从它自己的交易退。`}</p>
          <ProFormRadio.Group
            name="payment"
            label="退哪笔付款"
            layout="vertical"
            options={payments.map((payment, index) => ({ label: paymentLabel(payment, order), value: index }))}
          />
          <AmountFields payments={payments} />
        </>
      )}
      <ProFormTextArea
        name="reason"
        label="退款原因"
        placeholder="例如：查重系统故障，未能出具报告"
        fieldProps={{ maxLength: 200, showCount: true }}
        rules={[{ required: true, whitespace: true, message: '请填写退款原因' }]}
      />
    </ModalForm>
  );
}
