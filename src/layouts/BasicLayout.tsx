import Brand, { BrandMark } from '@/components/Brand';
import PageOutlet from '@/components/PageOutlet';
import SiteFooter from '@/components/SiteFooter';
import UserMenu from '@/components/UserMenu';
import { siteMenu } from '@/utils/menu';
import { MenuOutlined } from '@ant-design/icons';
import { Button, Grid, Layout, Menu } from 'antd';
import { notifyNoResponse } from '@/utils/errorHandler';
import { useEffect, useState, type ComponentType } from 'react';
import { Link, useLocation } from 'umi';
import styles from './BasicLayout.less';
import type { PhoneMenuProps } from './PhoneMenu';

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
  const items = siteMenu.map((item) => ({ key: item.path, label: <Link to={item.path}>{item.name}</Link> }));
  // a phone has no room for the row of entries: they sit in a drawer behind a labelled button
  const phone = screens.sm === false;
  const [drawerOpen, setDrawerOpen] = useState(false);
  // most visits never open it: the drawer is fetched on the first tap, not with every first page;
  // once there it stays mounted, so that it closes with its animation
  const [PhoneMenu, setPhoneMenu] = useState<ComponentType<PhoneMenuProps>>();
  useEffect(() => setDrawerOpen(false), [location.pathname]);
  const openDrawer = async () => {
    setDrawerOpen(true);
    if (PhoneMenu) return;
    try {
      const loaded = (await import('./PhoneMenu')).default;
      setPhoneMenu(() => loaded);
    } catch {
      // the script did not arrive: the page stays as it was, and the next tap fetches it again
      setDrawerOpen(false);
      notifyNoResponse();
    }
  };
  return (
    <Layout className={styles.frame}>
      <Layout.Header className={styles.header}>
        <div className={styles.bar}>
          {screens.sm === false ? <BrandMark /> : <Brand />}
          {phone ? (
            <div className={styles.menu}>
              <Button type="text" icon={<MenuOutlined aria-hidden />} aria-label="打开菜单" aria-expanded={drawerOpen} onClick={openDrawer} />
              {PhoneMenu && <PhoneMenu open={drawerOpen} onClose={() => setDrawerOpen(false)} selected={selected} items={items} />}
            </div>
          ) : (
            <nav aria-label="主菜单" className={styles.menu}>
              <Menu mode="horizontal" selectedKeys={[selected]} items={items} style={{ borderBottom: 'none', background: 'transparent', minWidth: 0 }} />
            </nav>
          )}
          <UserMenu />
        </div>
      </Layout.Header>
      <main className={styles.main}>
        <PageOutlet />
      </main>
      <SiteFooter />
    </Layout>
  );
}
