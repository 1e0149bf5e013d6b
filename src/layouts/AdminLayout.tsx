import PageOutlet from '@/components/PageOutlet';
import AdminForbidden from '@/features/admin/AdminForbidden';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import { adminMenu } from '@/utils/menu';
import { paths } from '@/utils/paths';
import type { Access } from '@/access';
import { MenuOutlined } from '@ant-design/icons';
import { ProLayout } from '@ant-design/pro-layout';
import { Button } from 'antd';
import { Link, useAccess, useLocation, useSelectedRoutes } from 'umi';
import styles from './AdminLayout.less';
import { useNarrowerThan } from '@/hooks/useNarrowerThan';

/** The access key the deepest matched route asks for (config/routes.ts `access:`). */
function neededAccess(matched: Array<{ route: unknown }>): keyof Access | undefined {
  const keys = matched.map(({ route }) => (route as { access?: keyof Access }).access).filter(Boolean);
  return keys[keys.length - 1];
}

/**
 * The back office's frame (运营后台): ProLayout's side menu, folded into a drawer on a phone. It sits
 * inside the login gate; here a signed-in account without the route's role sees the 403 page,
 * and the menu lists only what the role may open. This file and everything below it load only
 * under /admin, so a student's first load carries none of it.
 */
export default function AdminLayout() {
  const access = useAccess() as Access;
  const { pathname } = useLocation();
  const { currentUser } = useCurrentUser();
  const needed = neededAccess(useSelectedRoutes());
  const phone = useNarrowerThan('md');
  if (!access.canOperate) return <AdminForbidden />;
  // an admin's page refused to an operator: in the back office's frame, its menu still there
  const refused = Boolean(needed && !access[needed]);
  const entries = adminMenu.filter((entry) => !entry.access || access[entry.access]);
  const section = entries.find((entry) => pathname === entry.path || pathname.startsWith(`${entry.path}/`));
  return (
    <ProLayout
      className={styles.admin}
      title="运营后台"
      logo={false}
      layout="side"
      breakpoint="md"
      // ProLayout keeps 40 px each side of the page: on a phone that is a fifth of the screen the tables need
      contentStyle={phone ? { paddingInline: 8, paddingBlock: 12 } : undefined}
      location={{ pathname }}
      route={{ path: paths.admin, routes: entries }}
      // on a phone the menu's drawer closes once a section is chosen (ProLayout's item onClick folds it)
      menuItemRender={(item, dom) =>
        item.path ? (
          <Link to={item.path} onClick={phone ? item.onClick : undefined}>
            {dom}
          </Link>
        ) : (
          dom
        )
      }
      // on a phone the menu's drawer opens from a real button (ProLayout's own is a span no key
      // reaches), and the header names the section, as the side menu does on a wide screen
      headerContentRender={({ collapsed, onCollapse }) =>
        phone && (
          <div className={styles.phoneHeader}>
            <Button type="text" icon={<MenuOutlined />} aria-label="打开菜单" aria-expanded={!collapsed} onClick={() => onCollapse?.(!collapsed)} />
            {section && <span className={styles.section}>{section.name}</span>}
          </div>
        )
      }
      avatarProps={{ title: currentUser?.nickname, size: 'small' }}
      actionsRender={() => [
        <Link key="site" to="/">
          返回网站
        </Link>,
      ]}
    >
      {refused ? <AdminForbidden adminOnly /> : <PageOutlet />}
    </ProLayout>
  );
}
