import PageOutlet from '@/components/PageOutlet';
import { personalMenu, type MenuEntry } from '@/utils/menu';
import { Grid, Layout, Menu, Select } from 'antd';
import type { ItemType } from 'antd/es/menu/interface';
import { history, useLocation } from 'umi';

/** A group with one page shows as that page; a group of several (安全设置) as a submenu. */
const toItems = (entries: MenuEntry[]): ItemType[] =>
  entries.map((entry) => {
    if (!entry.children) return { key: entry.path, label: entry.name };
    if (entry.children.length === 1) return toItems(entry.children)[0];
    return { key: entry.path, label: entry.name, children: toItems(entry.children) };
  });

/** The leaves of the menu: the pages one can open. */
const leaves = (entries: MenuEntry[]): MenuEntry[] => entries.flatMap((entry) => (entry.children ? leaves(entry.children) : [entry]));

/**
 * The menu page a path belongs to: its own, or for a hidden page below a section (a check's report
 * under /personal/review) the section's page, so the menu never shows a raw path.
 */
export function menuPageOf(pages: MenuEntry[], pathname: string): MenuEntry | undefined {
  const section = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);
  return pages.find((item) => pathname.startsWith(item.path)) ?? pages.find((item) => pathname.startsWith(section(item.path)));
}

/** The personal centre: a side menu on wide screens, a page picker on phones. */
export default function PersonalLayout() {
  const { pathname } = useLocation();
  const screens = Grid.useBreakpoint();
  const pages = leaves(personalMenu);
  const selected = menuPageOf(pages, pathname)?.path;
  const openKeys = personalMenu.map((entry) => entry.path);

  return (
    <Layout hasSider={Boolean(screens.md)} style={{ background: 'transparent', width: '100%' }}>
      {screens.md ? (
        <Layout.Sider width={200} theme="light" style={{ borderRadius: 8, marginRight: 16 }}>
          <nav aria-label="个人中心菜单">
            <Menu
              mode="inline"
              selectedKeys={selected ? [selected] : []}
              defaultOpenKeys={openKeys}
              items={toItems(personalMenu)}
              onClick={({ key }) => history.push(key)}
            />
          </nav>
        </Layout.Sider>
      ) : (
        <nav aria-label="个人中心菜单" style={{ marginBottom: 12 }}>
          <Select
            aria-label="个人中心页面"
            style={{ width: '100%' }}
            value={selected}
            options={pages.map((item) => ({ value: item.path, label: item.name }))}
            onChange={(value) => history.push(value)}
          />
        </nav>
      )}
      {/* a plain box, not Layout.Content: that is a <main>, and BasicLayout's <main> already holds this page */}
      <div style={{ flex: 'auto', minWidth: 0 }}>
        <PageOutlet />
      </div>
    </Layout>
  );
}
