import Brand, { BrandMark } from '@/components/Brand';
import SiteFooter from '@/components/SiteFooter';
import UserMenu from '@/components/UserMenu';
import { siteMenu } from '@/utils/menu';
import { ProLayout } from '@ant-design/pro-layout';
import { Link, Outlet, useLocation } from 'umi';

/** The site frame (basic layout): top menu 首页 · 论文查重 · 论文排版, the user menu, the footer. */
export default function BasicLayout() {
  const location = useLocation();
  // a page below /review or /typeset lights up its section in the menu; /home is 首页 too
  const section = siteMenu.find((item) => item.path !== '/' && location.pathname.startsWith(item.path));
  const selected = section?.path ?? (location.pathname === '/home' ? '/' : location.pathname);
  return (
    <ProLayout
      layout="top"
      title={false}
      logo={<BrandMark />}
      headerTitleRender={() => <Brand />}
      route={{ path: '/', routes: siteMenu }}
      location={{ pathname: location.pathname }}
      selectedKeys={[selected]}
      menuItemRender={(item, dom) => (item.path ? <Link to={item.path}>{dom}</Link> : dom)}
      actionsRender={() => [<UserMenu key="user" />]}
      footerRender={() => <SiteFooter />}
      contentStyle={{ padding: 0 }}
      fixedHeader
      token={{ header: { heightLayoutHeader: 56 } }}
    >
      <main style={{ width: '100%', maxWidth: 1200, margin: '0 auto', padding: 16, minHeight: '60vh', boxSizing: 'border-box' }}>
        <Outlet />
      </main>
    </ProLayout>
  );
}
