/**
 * 审计日志 names each action in Chinese (a role granted reads 更改角色, not user.role); a code the
 * page does not know reads as it was recorded.
 */
import { screen, within } from '@testing-library/react';
import { AUDIT_ACTION_NAMES, auditActionName } from '../../common/auditActions';
import { server } from './mockServer';
import { renderApp, signInAsStaff } from './renderApp';
import { windowWidth } from './windowWidth';

const LONG = { timeout: 15_000 };

let restore = () => {};
afterEach(() => {
  restore();
  server.reset();
});

test('a role granted reads 更改角色 in the log, not its code', async () => {
  // a wide screen's row: the record after the change (with the account's e-mail) beside the action
  restore = windowWidth(1280);
  // the grant that made this admin is in the log
  const email = await signInAsStaff('admin');
  await renderApp('/admin/audit');
  const cell = (await screen.findAllByText(new RegExp(email), {}, LONG))[0].closest('tr') as HTMLElement;
  expect(within(cell).getByText('更改角色')).toBeInTheDocument();
  expect(within(cell).queryByText('user.role')).toBeNull();
});

test('every action has a Chinese name; an unknown code reads as itself', () => {
  for (const [code, name] of Object.entries(AUDIT_ACTION_NAMES)) {
    expect(auditActionName(code)).toBe(name);
    expect(name).toMatch(/^[\u4e00-\u9fff]+$/);
  }
  expect(auditActionName('order.refund')).toBe('订单退款');
  expect(auditActionName('shelf.move')).toBe('shelf.move');
});

test('a change reads field by field in the back office’s words: a partial refund as 部分退款 in ¥, a system taken off sale, what was changed by name', async () => {
  restore = windowWidth(1280);
  const entry = { actorId: 'u-admin', actorEmail: 'admin@example.cn', createdAt: '2026-11-28T09:47:13.990Z' };
  const list = [
    {
      ...entry,
      id: 2,
      action: 'order.refund',
      targetType: 'order',
      targetId: 'o-1',
      before: { status: 'paid', amountFen: 2000, refundedFen: 0 },
      after: { status: 'refunded', amountFen: 2000, refundedFen: 500, refund: { requestNo: 'RF1', amountFen: 500, reason: '部分未交付', tradeNo: 'T1' } },
    },
    {
      ...entry,
      id: 1,
      action: 'system.update',
      targetType: 'review_system',
      targetId: 'journal',
      before: { pricePerThousandFen: 400, enabled: true },
      after: { pricePerThousandFen: 450, enabled: false },
    },
  ];
  await signInAsStaff('admin');
  server.use({ 'GET /api/v1/admin/audit': (_req, res) => res.json({ success: true, result: { list, total: 2, current: 1, pageSize: 20 } }) });
  await renderApp('/admin/audit');
  const refund = (await screen.findByText('o-1', {}, LONG)).closest('tr') as HTMLElement;
  expect(within(refund).getByText('订单')).toBeInTheDocument();
  expect(refund).toHaveTextContent('状态：已支付');
  expect(refund).toHaveTextContent('状态：部分退款');
  expect(refund).toHaveTextContent('已退金额：¥5.00');
  expect(refund).toHaveTextContent('本次退款：退款单号 RF1，金额 ¥5.00，原因 部分未交付，交易号 T1');
  expect(refund).not.toHaveTextContent(/refundedFen|"status"/);
  const system = screen.getByText('journal').closest('tr') as HTMLElement;
  expect(within(system).getByText('查重系统')).toBeInTheDocument();
  expect(system).toHaveTextContent('每千字价格：¥4.00');
  expect(system).toHaveTextContent('每千字价格：¥4.50');
  expect(system).toHaveTextContent('上架：否（已下架）');
});
