import { DashboardOutlined, LogoutOutlined, ReloadOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Dropdown, Space } from 'antd';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import { history, Link, useAccess, useLocation, useModel } from 'umi';
import { buildLoginUrl } from '@/utils/redirect';
import styles from './index.less';
import { paths } from '@/utils/paths';

/**
 * The right side of the site header: 登录 / 注册 for visitors, the user's menu for users, and where
 * the user could not be loaded (a fault: they may well be signed in), a button that loads them again.
 */
export default function UserMenu() {
  const { currentUser, checking, loadFailed, retry } = useCurrentUser();
  const { logout } = useModel('login');
  const location = useLocation();
  const { canOperate } = useAccess();

  if (!currentUser && loadFailed) {
    return (
      <Button type="text" icon={<ReloadOutlined aria-hidden />} loading={checking} onClick={retry} title="账号信息加载失败，点此重试">
        加载账号
      </Button>
    );
  }
  if (!currentUser) {
    const here = `${window.location.origin}${location.pathname}${location.search}${location.hash}`;
    return (
      <Space size={8}>
        <Button
          type="link"
          href={buildLoginUrl(here)}
          onClick={(e) => {
            e.preventDefault();
            history.push(buildLoginUrl(here));
          }}
        >
          登录
        </Button>
        <Button type="primary" onClick={() => history.push(paths.register)}>
          注册
        </Button>
      </Space>
    );
  }

  return (
    <Dropdown
      menu={{
        items: [
          { key: 'personal', icon: <UserOutlined aria-hidden />, label: <Link to={paths.personal}>个人中心</Link> },
          // staff only; the back office itself checks the role again (and the server on every call)
          ...(canOperate ? [{ key: 'admin', icon: <DashboardOutlined aria-hidden />, label: <Link to={paths.admin}>运营后台</Link> }] : []),
          { type: 'divider' },
          { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: '退出登录', onClick: () => logout() },
        ],
      }}
      trigger={['click', 'hover']}
    >
      <button type="button" className={styles.trigger} aria-label={`用户菜单：${currentUser.nickname}`}>
        <Avatar size="small" src={currentUser.avatar || undefined} icon={<UserOutlined aria-hidden />} />
        <span className={styles.name}>{currentUser.nickname}</span>
      </button>
    </Dropdown>
  );
}
