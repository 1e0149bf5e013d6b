/**
 * The back office's 订单 finds an order refunded in part: its 状态 filter offers 部分退款 beside the
 * states, asks the server for it, and the row reads 部分退款 with how much of how much came back.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import * as api from '@/features/admin/api';
import AdminOrders from '@/pages/Admin/Orders';
import { windowWidth } from './windowWidth';

jest.mock('@/features/admin/api', () => ({ ...jest.requireActual('@/features/admin/api'), searchOrders: jest.fn() }));

const LONG = { timeout: 15_000 };

// a desktop's window: the search form open, every column in the row
let restore: () => void;
beforeEach(() => {
  restore = windowWidth(1280);
});
afterEach(() => restore());
const partlyRefunded = {
  id: 'o-part',
  kind: 'review',
  itemId: 'r1',
  title: '本科毕业论文检测 · 示例论文（33,000 字）',
  amountFen: 9900,
  refundedFen: 1500,
  status: 'refunded',
  closeReason: null,
  channel: 'alipay',
  price: null,
  createdAt: '2026-11-20T05:19:08.000Z',
  expiresAt: '2026-11-20T05:49:08.000Z',
  paidAt: '2026-11-20T05:20:00.000Z',
  closedAt: null,
  refundedAt: '2026-11-21T02:00:00.000Z',
  userId: 'u1',
  userEmail: 'student@example.com',
  gateway: 'sandbox',
  gatewayTradeNo: 'SBX1',
  refundDue: false,
} as never;

/** Chooses `text` in the search form's 状态 select, then 查询. */
async function filterByState(text: string) {
  const field = (await screen.findByText('状态', { selector: 'label' }, LONG)).closest('.ant-form-item') as HTMLElement;
  fireEvent.mouseDown(within(field).getByRole('combobox'));
  fireEvent.click(await screen.findByTitle(text, {}, LONG));
  fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
}

test('状态 offers 部分退款: it asks for the orders refunded in part, and 已退款 for those refunded in full', async () => {
  const search = jest.mocked(api.searchOrders);
  search.mockResolvedValue({ success: true, result: { list: [partlyRefunded], total: 1, current: 1, pageSize: 20 } } as never);
  render(<AdminOrders />);
  expect(await screen.findByText('退 ¥15.00 / 共 ¥99.00', {}, LONG)).toBeInTheDocument();

  await filterByState('部分退款');
  await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'refunded', refundExtent: 'part' })));
  const row = (await screen.findByText('退 ¥15.00 / 共 ¥99.00', {}, LONG)).closest('tr') as HTMLElement;
  expect(within(row).getByText('部分退款')).toBeInTheDocument();

  await filterByState('已退款');
  await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'refunded', refundExtent: 'full' })));

  await filterByState('已支付');
  await waitFor(() => expect(search).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'paid' })));
  expect(search.mock.lastCall![0]).not.toHaveProperty('refundExtent');
}, 60_000);
