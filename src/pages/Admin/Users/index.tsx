import { useCurrentUser } from '@/features/account/useCurrentUser';
import AdminTable, { type Listing } from '@/features/admin/AdminTable';
import DisableDialog from '@/features/admin/DisableDialog';
import UserDrawer from '@/features/admin/UserDrawer';
import { enableUser, searchUsers, type AdminUser, type AdminUserQuery } from '@/features/admin/api';
import { actionsColumn, ConfirmLink, EMAIL_SEARCH_HINT, useListDialog, useTableActions } from '@/features/admin/tableActions';
import { formatTime } from '@/utils/time';
import type { ProColumns } from '@ant-design/pro-table';
import { Tag } from 'antd';
import { useState } from 'react';
import { accountChangeRefusal, ROLE_NAMES } from '../../../../common/roles';

const roleEnum = Object.fromEntries(Object.entries(ROLE_NAMES).map(([role, text]) => [role, { text }]));

interface RowActions {
  show: (user: AdminUser) => void;
  disable: (user: AdminUser) => void;
  enable: (user: AdminUser) => void;
  /** whether the signed-in account may disable (or enable) this one: the server's own rule */
  may: (user: AdminUser, disabling: boolean) => boolean;
}

function columns({ show, disable, enable, may }: RowActions): ProColumns<AdminUser>[] {
  return [
    { title: '邮箱', dataIndex: 'email', copyable: true, fieldProps: { placeholder: EMAIL_SEARCH_HINT } },
    { title: '昵称', dataIndex: 'nickname', search: false },
    { title: '角色', dataIndex: 'role', search: false, valueEnum: roleEnum },
    {
      title: '状态',
      dataIndex: 'disabledAt',
      search: false,
      // wrapped in a phone's narrow column
      render: (_, user) =>
        user.disabledAt ? <Tag color="red" style={{ whiteSpace: 'normal' }}>{`已停用（${formatTime(user.disabledAt)}）`}</Tag> : <Tag color="green">正常</Tag>,
    },
    { title: '注册时间', dataIndex: 'createdAt', search: false, render: (_, user) => formatTime(user.createdAt) },
    actionsColumn(
      (user) => [
        <a key="detail" onClick={() => show(user)}>
          详情
        </a>,
        user.disabledAt
          ? may(user, false) && (
              <ConfirmLink key="enable" question={`启用 ${user.email}？`} consequence="启用后该账号可以重新登录。" okText="启用" onConfirm={() => enable(user)}>
                启用
              </ConfirmLink>
            )
          : may(user, true) && (
              <a key="disable" onClick={() => disable(user)}>
                停用
              </a>
            ),
      ],
      100,
    ),
  ];
}

/** On a phone a row shows the account's e-mail and state; 详情 has the rest. */
const PHONE = { email: 150, disabledAt: 96 };

const listing: Listing<AdminUser, AdminUserQuery> = { what: '用户列表', emptyText: '没有找到这个邮箱的账号，请检查拼写', fetch: searchUsers };

/**
 * 用户: find an account by e-mail; see its orders, checks and typesetting; disable it (with a reason)
 * or enable it again, where the signed-in role may (an operator: students' accounts, never their own).
 */
export default function AdminUsers() {
  const { actionRef, reload, act } = useTableActions();
  const disable = useListDialog<AdminUser>(reload);
  const [shown, setShown] = useState<AdminUser>();
  const enable = (user: AdminUser) => act(() => enableUser(user.id), '启用失败', '账号已启用');
  const { currentUser } = useCurrentUser();
  const may = (user: AdminUser, disabling: boolean) => currentUser !== undefined && !accountChangeRefusal(currentUser, user, disabling);
  return (
    <>
      <AdminTable listing={listing} actionRef={actionRef} columns={columns({ show: setShown, disable: disable.open, enable, may })} phoneColumns={PHONE} />
      {shown && <UserDrawer userId={shown.id} onClose={() => setShown(undefined)} />}
      {disable.item && <DisableDialog user={disable.item} onClose={disable.close} onDone={disable.done} />}
    </>
  );
}
