/**
 * The order's detail and the refund dialog name the gateway and what each payment notice did in
 * Chinese, never by their codes (sandbox, paid, refund_due).
 */
import { render, screen } from '@testing-library/react';
import OrderDrawer from '@/features/admin/OrderDrawer';
import RefundDialog from '@/features/admin/RefundDialog';
import * as api from '@/features/admin/api';

jest.mock('@/features/admin/api', () => ({ getAdminOrder: jest.fn(), refundOrder: jest.fn() }));

// the fields the drawer and the dialog read (this file is compiled without types, so no type names here)
const order = {
  id: 'o1',
  userId: 'u1',
  userEmail: 'lin@example.com',
  title: '查重：县域中学课后服务研究',
  amountFen: 9900,
  refundedFen: 0,
  status: 'paid',
  closeReason: null,
  refundDue: true,
  gateway: 'sandbox',
  gatewayTradeNo: 'SBX-1',
  createdAt: '2026-11-20T02:00:00.000Z',
  paidAt: '2026-11-20T02:01:00.000Z',
};
const notice = (tradeNo: string, outcome: string) => ({ gateway: 'sandbox', tradeNo, amountFen: 9900, outcome, createdAt: '2026-11-20T02:01:00.000Z' });

beforeEach(() => {
  jest.mocked(api.getAdminOrder).mockResolvedValue({
    success: true,
    result: {
      order,
      notifications: [notice('SBX-1', 'paid'), notice('SBX-2', 'refund_due'), notice('SBX-3', 'amount_mismatch')],
      refunds: [],
      refundable: [
        { payment: 'order', gateway: 'sandbox', tradeNo: 'SBX-1', amountFen: 9900, refundedFen: 0 },
        { payment: 'due', gateway: 'alipay', tradeNo: 'ALI-2', amountFen: 9900, refundedFen: 0 },
      ],
    },
  } as never);
});

/** Every code the server sends, as a word on its own (not inside a trade number or an e-mail). */
const codes = /(^|[^\w-])(sandbox|alipay|paid|refund_due|amount_mismatch)([^\w-]|$)/;

test('the order detail names the gateway and each notice’s outcome in Chinese', async () => {
  const { container } = render(<OrderDrawer orderId="o1" version={0} onClose={() => {}} onRefund={() => {}} />);
  await screen.findByText('SBX-3');
  expect(document.body.textContent).not.toMatch(codes);
  expect(screen.getAllByText('沙箱支付').length).toBeGreaterThan(0);
  expect(container.ownerDocument.body).toHaveTextContent('金额不符');
});

test('the refund dialog names each payment’s gateway in Chinese', async () => {
  render(<RefundDialog order={order as never} onClose={() => {}} onDone={() => {}} />);
  expect(await screen.findByLabelText(/重复支付 支付宝 ALI-2/)).toBeInTheDocument();
  expect(screen.getByLabelText(/订单服务款（原交易） 沙箱支付 SBX-1/)).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(codes);
});
