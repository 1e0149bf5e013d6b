/**
 * The back office's user detail says each record's state in the words of the student's own lists:
 * a typesetting refunded in full reads 已退款, never 待支付; an order refunded in part, 部分退款.
 */
import { render, screen, within } from '@testing-library/react';
import UserDrawer from '@/features/admin/UserDrawer';
import * as api from '@/features/admin/api';

jest.mock('@/features/admin/api', () => ({ getAdminUser: jest.fn() }));

// the fields the drawer reads (this file is compiled without types, so no type names here)
const user = { id: 'u1', email: 'lin@example.com', nickname: '林晓', role: 'user', disabledAt: null, createdAt: '2026-11-20T02:00:00.000Z' };
const order = {
  id: 'o1',
  title: '排版：校园食堂菜品推荐',
  amountFen: 1990,
  refundedFen: 0,
  status: 'paid',
  closeReason: null,
  refundDue: false,
  createdAt: '2026-11-20T02:00:00.000Z',
};
const typeset = {
  id: 't1',
  title: '校园食堂菜品推荐的实证研究',
  templateName: '通用本科毕业论文',
  status: 'done',
  progress: 100,
  paid: false,
  refunded: true,
  failureReason: null,
  createdAt: '2026-11-20T02:00:00.000Z',
};

test('a typesetting refunded in full reads 已退款 and an order refunded in part 部分退款', async () => {
  jest.mocked(api.getAdminUser).mockResolvedValue({
    success: true,
    result: {
      user,
      orders: { list: [{ ...order, status: 'refunded', refundedFen: 500 }], total: 1 },
      reviews: { list: [], total: 0 },
      typesets: { list: [typeset], total: 1 },
    },
  } as never);
  render(<UserDrawer userId="u1" onClose={() => {}} />);
  const typesetRow = (await screen.findByText(typeset.title)).closest('tr') as HTMLElement;
  expect(within(typesetRow).getByText('已退款')).toBeInTheDocument();
  expect(within(typesetRow).queryByText('待支付')).toBeNull();
  const orderRow = screen.getByText(order.title).closest('tr') as HTMLElement;
  expect(within(orderRow).getByText('部分退款')).toBeInTheDocument();
});
