/**
 * A closed order says why it closed in visible words beside 已关闭 (a phone shows no tooltip): in
 * 订单记录, and in the back office's order table and drawer.
 */
import { render, screen, within } from '@testing-library/react';
import OrderDrawer from '@/features/admin/OrderDrawer';
import * as api from '@/features/admin/api';
import AdminOrders from '@/pages/Admin/Orders';
import { expiredDemoOrder } from './demoOrders';
import { server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

jest.mock('@/features/admin/api', () => ({ ...jest.requireActual('@/features/admin/api'), searchOrders: jest.fn(), getAdminOrder: jest.fn() }));

const LONG = { timeout: 15_000 };
const closed = {
  id: 'o-closed',
  kind: 'review',
  itemId: 'r1',
  title: '本科毕业论文检测 · 示例论文（12,000 字）',
  amountFen: 3600,
  refundedFen: 0,
  status: 'closed',
  closeReason: 'expired',
  price: null,
  createdAt: '2026-11-20T05:19:08.000Z',
  paidAt: null,
  userId: 'u1',
  userEmail: 'student@example.com',
  gateway: null,
  gatewayTradeNo: null,
  refundDue: false,
} as never;

afterEach(() => server.reset());

test('订单记录: an order closed for want of payment says so beside 已关闭', async () => {
  await signInAsDemo();
  await expiredDemoOrder();
  await renderApp('/personal/order/list');
  const heading = await screen.findByText('订单记录', { selector: 'h1' }, LONG);
  const card = within(heading.closest('.ant-card') as HTMLElement);
  expect(await card.findByText('超过支付时限未付款', {}, LONG)).toBeVisible();
  expect(card.getByText('已关闭')).not.toHaveAttribute('title');
});

test('the back office’s order table and drawer say why an order closed', async () => {
  jest.mocked(api.searchOrders).mockResolvedValue({ success: true, result: { list: [closed], total: 1, current: 1, pageSize: 20 } } as never);
  jest.mocked(api.getAdminOrder).mockResolvedValue({ success: true, result: { order: closed, notifications: [], refunds: [] } } as never);
  render(<AdminOrders />);
  expect(await screen.findByText('超过支付时限未付款', {}, LONG)).toBeInTheDocument();

  render(<OrderDrawer orderId="o-closed" version={0} onClose={() => {}} onRefund={() => {}} />);
  const drawer = within(await screen.findByRole('dialog', {}, LONG));
  expect(await drawer.findByText('超过支付时限未付款', {}, LONG)).toBeInTheDocument();
});
