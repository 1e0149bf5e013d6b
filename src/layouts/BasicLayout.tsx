import Brand, { BrandMark } from '@/components/Brand';
import SiteFooter from '@/components/SiteFooter';
import UserMenu from '@/components/UserMenu';
import { siteMenu } from '@/utils/menu';
import { Grid, Layout, Menu } from 'antd';
import { Link, Outlet, useLocation } from 'umi';
import styles from './BasicLayout.less';

/**
 * The site frame (basic layout): top menu 首页 · 论文查重 · 论文排版, the user menu, the footer.
 * Plain antd Layout and Menu: this frame is on every first page a visitor opens, so it carries
 * nothing heavier (issue 13, first-load weight).
 */
export default function BasicLayout() {
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  // a page below /review or /typeset lights up its section in the menu; /home is 首页 too
  const section = siteMenu.find((item) => item.path !== '/' && location.pathname.startsWith(item.path));
  const selected = section?.path ?? (location.pathname === '/home' ? '/' : location.pathname);
  return (
    <Layout className={styles.frame}>
      <Layout.Header className={styles.header}>
        <div className={styles.bar}>
          {screens.sm === false ? <BrandMark /> : <Brand />}
          <nav aria-label="主菜单" className={styles.menu}>
            <Menu
              mode="horizontal"
              selectedKeys={[selected]}
              items={siteMenu.map((item) => ({ key: item.path, label: <Link to={item.path}>{item.name}</Link> }))}
              style={{ borderBottom: 'none', background: 'transparent', minWidth: 0 }}
            />
          </nav>
          <UserMenu />
        </div>
      </Layout.Header>
      <main className={styles.main}>
        <Outlet />
      </main>
      <SiteFooter />
    </Layout>
  );
}
