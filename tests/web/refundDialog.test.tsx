/**
 * The refund dialog: one request number for every submit of one dialog (a retry after the
 * gateway's answer was lost is the same refund), a new one for the next dialog; amounts in 元
 * sent in fen; the reason required.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import RefundDialog from '@/features/admin/RefundDialog';
import * as api from '@/features/admin/api';

jest.mock('@/features/admin/api', () => ({ refundOrder: jest.fn(), getAdminOrder: jest.fn() }));
const refund = jest.mocked(api.refundOrder);
const detail = jest.mocked(api.getAdminOrder);

// the fields the dialog reads (this file is compiled without types, so no type names here)
const order = { id: 'o1', amountFen: 9900, refundedFen: 0, gateway: 'sandbox', status: 'paid', refundDue: false } as never;
const own = { payment: 'order', gateway: 'sandbox', tradeNo: 'T-OWN', amountFen: 9900, refundedFen: 0 };
/** What the server says may be given back of the order: its own payment, and any kept for refund. */
const refundable = (...more: object[]) =>
  detail.mockResolvedValue({ success: true, result: { order, notifications: [], refunds: [], refundable: [own, ...more] } } as never);
/** The gateway's answer was lost: the server's 502. */
const lost = {
  response: {
    status: 502,
    data: { success: false, errorCode: 'GATEWAY_UNAVAILABLE', message: '支付平台没有答复，退款结果未知。请稍后用同一退款单重试，不会重复退款', showType: 2 },
  },
};

beforeEach(() => {
  refund.mockReset();
  refundable();
});

function open() {
  const onDone = jest.fn();
  const view = render(<RefundDialog order={order} onClose={() => {}} onDone={onDone} />);
  return { onDone, view };
}
const submit = () => fireEvent.click(screen.getByRole('button', { name: /确认退款/ }));

test('a retry after a lost answer sends the same request number; the next dialog makes a new one', async () => {
  refund.mockRejectedValueOnce(lost).mockResolvedValueOnce({ success: true, result: { order, notifications: [], refunds: [] }, message: '退款成功' } as never);
  const { onDone, view } = open();
  fireEvent.change(await screen.findByLabelText('退款原因'), { target: { value: '服务未交付' } });
  await screen.findByText(/订单服务款/);
  submit();
  await waitFor(() => expect(refund).toHaveBeenCalledTimes(1));
  submit();
  await waitFor(() => expect(onDone).toHaveBeenCalled());
  const [first, second] = refund.mock.calls.map(([, body]) => body);
  expect(first).toEqual({ requestNo: expect.stringMatching(/^RF[0-9a-f]{24}$/), tradeNo: 'T-OWN', amountFen: undefined, reason: '服务未交付' });
  expect(second.requestNo).toBe(first.requestNo);

  view.unmount();
  refund.mockResolvedValueOnce({ success: true, result: { order, notifications: [], refunds: [] } } as never);
  open();
  await screen.findByText(/订单服务款/);
  fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: '另一笔' } });
  submit();
  await waitFor(() => expect(refund).toHaveBeenCalledTimes(3));
  expect(refund.mock.calls[2][1].requestNo).not.toBe(first.requestNo);
});

test('a partial refund is sent in fen, typed full-width too; without a reason nothing is sent', async () => {
  refund.mockResolvedValue({ success: true, result: { order, notifications: [], refunds: [] } } as never);
  open();
  await screen.findByText(/订单服务款/);
  submit();
  expect(await screen.findByText('请填写退款原因')).toBeInTheDocument();
  expect(refund).not.toHaveBeenCalled();
  fireEvent.click(screen.getByLabelText('部分退款'));
  // typed with a Chinese input method: full-width digits and point
  fireEvent.change(await screen.findByLabelText('退款金额（元）'), { target: { value: '１２．５' } });
  fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: '部分未交付' } });
  submit();
  await waitFor(() => expect(refund).toHaveBeenCalledWith('o1', expect.objectContaining({ amountFen: 1250, reason: '部分未交付' })));
});

test('an order paid twice: the duplicate is offered first, from its own trade; the service apart, from the original', async () => {
  refundable({ payment: 'due', gateway: 'sandbox', tradeNo: 'T-TWICE', amountFen: 9900, refundedFen: 4000 });
  refund.mockResolvedValue({ success: true, result: { order, notifications: [], refunds: [] } } as never);
  open();
  const twice = await screen.findByLabelText(/重复支付 沙箱支付 T-TWICE：实付 ¥99.00，已退 ¥40.00，可退 ¥59.00/);
  expect(twice).toBeChecked();
  expect(screen.getByLabelText(/订单服务款（原交易） 沙箱支付 T-OWN：实付 ¥99.00，已退 ¥0.00，可退 ¥99.00/)).not.toBeChecked();
  expect(screen.getByLabelText('全额退款（¥59.00）')).toBeInTheDocument();
  fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: '重复支付' } });
  submit();
  await waitFor(() => expect(refund).toHaveBeenCalledWith('o1', expect.objectContaining({ tradeNo: 'T-TWICE', amountFen: undefined })));

  fireEvent.click(screen.getByLabelText(/订单服务款/));
  expect(await screen.findByLabelText('全额退款（¥99.00）')).toBeInTheDocument();
  submit();
  await waitFor(() => expect(refund).toHaveBeenLastCalledWith('o1', expect.objectContaining({ tradeNo: 'T-OWN', amountFen: undefined })));
});

test('an amount over what is left, zero, or with more than two decimals is told, not changed, and nothing is sent', async () => {
  refundable({ payment: 'due', gateway: 'sandbox', tradeNo: 'T-TWICE', amountFen: 1990, refundedFen: 500 });
  refund.mockResolvedValue({ success: true, result: { order, notifications: [], refunds: [] } } as never);
  open();
  await screen.findByText(/重复支付/);
  fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: '重复支付' } });
  fireEvent.click(screen.getByLabelText('部分退款'));
  const amount = await screen.findByLabelText('退款金额（元）');
  for (const [typed, told] of [
    ['20', '退款金额不能超过可退金额 ¥14.90'],
    ['0', '请输入大于 0 的金额，最多两位小数'],
    ['1.005', '请输入大于 0 的金额，最多两位小数'],
  ]) {
    fireEvent.change(amount, { target: { value: typed } });
    fireEvent.blur(amount);
    submit();
    expect(await screen.findByText(told)).toBeInTheDocument();
    expect(amount).toHaveValue(typed);
  }
  expect(refund).not.toHaveBeenCalled();
  fireEvent.change(amount, { target: { value: '14.9' } });
  submit();
  await waitFor(() => expect(refund).toHaveBeenCalledWith('o1', expect.objectContaining({ tradeNo: 'T-TWICE', amountFen: 1490 })));
});
