import { fenOf, formatFen, yuanOf } from '@/utils/money';
import { submitConfirmed } from '@/utils/formErrors';
import { ModalForm, ProFormDependency, ProFormDigit, ProFormRadio, ProFormTextArea } from '@ant-design/pro-form';
import { Form } from 'antd';
import { useState } from 'react';
import { refundOrder, type AdminOrder, type AdminOrderDetail } from './api';

/** What is still to give back: what was paid less what came back already. */
export const refundableFen = (order: AdminOrder) => order.amountFen - order.refundedFen;

/** A refund request number: made once when the dialog opens, so a double click or a retry is the same refund. */
function newRequestNo() {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return `RF${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

interface RefundForm {
  mode: 'full' | 'partial';
  amount?: number;
  reason: string;
}

/** 退款: all that is left or part of it in 元, with a reason, through the gateway the order was paid with. */
export default function RefundDialog({ order, onClose, onDone }: { order: AdminOrder; onClose: () => void; onDone: (detail: AdminOrderDetail) => void }) {
  // mounted anew for each opening: one number for every submit of this dialog
  const [requestNo] = useState(newRequestNo);
  const [form] = Form.useForm<RefundForm>();
  const left = refundableFen(order);
  const submit = async ({ mode, amount, reason }: RefundForm) => {
    const amountFen = mode === 'partial' && amount ? fenOf(amount) : undefined;
    const answer = await submitConfirmed(form, () => refundOrder(order.id, { requestNo, amountFen, reason: reason.trim() }), '退款失败', '退款成功', {
      amountFen: 'amount',
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
      width={480}
      initialValues={{ mode: 'full' }}
      modalProps={{ destroyOnClose: true, onCancel: onClose, maskClosable: false }}
      submitter={{ searchConfig: { submitText: '确认退款', resetText: '取消' } }}
      onFinish={submit}
    >
      <p>
        {`实付 ${formatFen(order.amountFen)}，已退 ${formatFen(order.refundedFen)}，可退 ${formatFen(left)}。退款经原支付渠道（${order.gateway ?? '—'}）原路退回。`}
      </p>
      <ProFormRadio.Group
        name="mode"
        label="退款金额"
        options={[
          { label: `全额退款（${formatFen(left)}）`, value: 'full' },
          { label: '部分退款', value: 'partial' },
        ]}
      />
      <ProFormDependency name={['mode']}>
        {({ mode }) =>
          mode === 'partial' && (
            <ProFormDigit
              name="amount"
              label="退款金额（元）"
              min={0.01}
              max={yuanOf(left)}
              fieldProps={{ precision: 2, step: 1 }}
              rules={[{ required: true, message: '请填写退款金额' }]}
            />
          )
        }
      </ProFormDependency>
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
