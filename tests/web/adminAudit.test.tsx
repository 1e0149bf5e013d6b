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
