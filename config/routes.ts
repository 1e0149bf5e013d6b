/**
 * The whole route tree of docs/spec.md §2, under one root layout.
 *
 * - UserLayout (account): the /user/* pages.
 * - BasicLayout (basic): the site with its top menu; public pages live here.
 * - SecurityLayout (security): the one login gate; every page that needs a user sits below it.
 * - PersonalLayout: the personal centre's own layout with a side menu (inside the gate).
 *
 * `name` marks a menu entry; `hideInMenu` is set exactly where the spec says a page is hidden.
 * React Router 6.3 has no optional segments, so each optional parameter is two routes to one page.
 */
export interface AppRoute {
  path?: string;
  name?: string;
  /**
   * the page's name in the browser title where it has no menu name (src/utils/title.ts); false:
   * the product's title alone (the home page)
   */
  title?: string | false;
  component?: string;
  redirect?: string;
  hideInMenu?: boolean;
  /** the key of src/access.ts this route needs (the back office); AdminLayout shows 403 without it */
  access?: 'canOperate' | 'canAdmin';
  routes?: AppRoute[];
}

const page = (dir: string) => `@/pages/${dir}`;

/** A section of the personal centre: its path redirects to its first page; `hidden` pages are off the menu. */
const section = (path: string, name: string, pages: Array<[string, string, string]>, hidden: AppRoute[] = []): AppRoute => ({
  path,
  name,
  routes: [
    { path, redirect: `${path}/${pages[0][0]}` },
    ...pages.map(([leaf, leafName, dir]) => ({ path: `${path}/${leaf}`, name: leafName, component: page(dir) })),
    ...hidden,
  ],
});

const personalRoutes: AppRoute[] = [
  { path: '/personal', redirect: '/personal/home/basic-info' },
  section('/personal/home', '个人中心', [['basic-info', '基本信息', 'Personal/BasicInfo']]),
  section(
    '/personal/review',
    '论文查重',
    [['list', '查重记录', 'Personal/ReviewList']],
    [
      // a check's report, reached from the list
      { path: '/personal/review/report/:reviewId', title: '查重报告', component: page('Personal/ReviewReport'), hideInMenu: true },
    ],
  ),
  section('/personal/typeset', '论文排版', [['list', '排版记录', 'Personal/TypesetList']]),
  section('/personal/order', '我的订单', [['list', '订单记录', 'Personal/OrderList']]),
  section('/personal/security', '安全设置', [
    ['modify-password', '修改密码', 'Personal/ModifyPassword'],
    ['reset-password', '重置密码', 'Personal/ResetPassword'],
  ]),
];

/** The back office (运营后台): staff only, a frame of its own, loaded only when opened. */
const adminRoutes: AppRoute[] = [
  { path: '/admin', redirect: '/admin/overview' },
  { path: '/admin/overview', name: '概览', component: page('Admin/Overview'), access: 'canOperate' },
  { path: '/admin/orders', name: '订单', component: page('Admin/Orders'), access: 'canOperate' },
  { path: '/admin/users', name: '用户', component: page('Admin/Users'), access: 'canOperate' },
  { path: '/admin/articles', name: '文章', component: page('Admin/Articles'), access: 'canOperate' },
  { path: '/admin/catalogue', name: '价格与上架', component: page('Admin/Catalogue'), access: 'canAdmin' },
  { path: '/admin/jobs', name: '任务', component: page('Admin/Jobs'), access: 'canOperate' },
  { path: '/admin/library', name: '文献库', component: page('Admin/Library'), access: 'canOperate' },
  { path: '/admin/audit', name: '审计日志', component: page('Admin/Audit'), access: 'canAdmin' },
];

const routes: AppRoute[] = [
  {
    path: '/',
    component: '@/layouts/RootLayout',
    routes: [
      {
        // pathless: the login gate first (a visitor goes to login), then the staff check in AdminLayout
        component: '@/layouts/SecurityLayout',
        hideInMenu: true,
        routes: [{ component: '@/layouts/AdminLayout', access: 'canOperate', routes: adminRoutes }],
      },
      {
        path: '/user',
        component: '@/layouts/UserLayout',
        hideInMenu: true,
        routes: [
          { path: '/user', redirect: '/user/login' },
          { path: '/user/register', name: '注册', component: page('User/Register') },
          { path: '/user/login', name: '登录', component: page('User/Login') },
          { path: '/user/agreement', name: '用户协议', component: page('User/Agreement') },
          { path: '/user/reset-password', name: '重置密码', component: page('User/ResetPassword') },
        ],
      },
      {
        path: '/',
        component: '@/layouts/BasicLayout',
        routes: [
          // the home page carries the product's title alone (docs/spec.md §1, docs/ux.md)
          { path: '/', name: '首页', title: false, component: page('Home') },
          { path: '/home', title: false, component: page('Home') },
          {
            path: '/article/detail/:articleId',
            title: '文章详情',
            component: page('Article/Detail'),
            hideInMenu: true,
          },
          {
            path: '/document/detail/:documentId',
            title: '范文详情',
            component: page('Document/Detail'),
            hideInMenu: true,
          },
          { path: '/review', name: '论文查重', redirect: '/review/home' },
          { path: '/review/home', title: '论文查重', component: page('Review/Home'), hideInMenu: true },
          { path: '/review/home/:systemId', title: '论文查重', component: page('Review/Home'), hideInMenu: true },
          { path: '/typeset', name: '论文排版', redirect: '/typeset/template-list' },
          { path: '/typeset/template-list', title: '排版模板', component: page('Typeset/TemplateList') },
          { path: '/typeset/template-detail/:templateId', title: '模板详情', component: page('Typeset/TemplateDetail') },
          { path: '/403', title: '无权访问', component: page('Exception/403') },
          { path: '/404', title: '页面不存在', component: page('Exception/404') },
          {
            // pathless: a layout route that only guards its children
            component: '@/layouts/SecurityLayout',
            routes: [
              { path: '/review/info', title: '填写查重信息', component: page('Review/Info'), hideInMenu: true },
              { path: '/review/info/:reviewId', title: '填写查重信息', component: page('Review/Info'), hideInMenu: true },
              { path: '/typeset/preview/:typesetId', title: '排版预览', component: page('Typeset/Preview') },
              { path: '/pay/:orderId', title: '订单支付', component: page('Pay'), hideInMenu: true },
              {
                path: '/personal',
                component: '@/layouts/PersonalLayout',
                routes: personalRoutes,
              },
            ],
          },
          { path: '*', title: '页面不存在', component: page('Exception/404') },
        ],
      },
    ],
  },
];

export default routes;
