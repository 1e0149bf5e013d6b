/**
 * The whole route tree of SPEC §2, under one root layout.
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
  component?: string;
  redirect?: string;
  hideInMenu?: boolean;
  routes?: AppRoute[];
}

const page = (dir: string) => `@/pages/${dir}`;

/** A section of the personal centre: its path redirects to its first page. */
const section = (path: string, name: string, pages: Array<[string, string, string]>): AppRoute => ({
  path,
  name,
  routes: [
    { path, redirect: `${path}/${pages[0][0]}` },
    ...pages.map(([leaf, leafName, dir]) => ({ path: `${path}/${leaf}`, name: leafName, component: page(dir) })),
  ],
});

const personalRoutes: AppRoute[] = [
  { path: '/personal', redirect: '/personal/home/basic-info' },
  section('/personal/home', '个人中心', [['basic-info', '基本信息', 'Personal/BasicInfo']]),
  {
    ...section('/personal/review', '论文查重', [['list', '查重记录', 'Personal/ReviewList']]),
    routes: [
      ...section('/personal/review', '论文查重', [['list', '查重记录', 'Personal/ReviewList']]).routes!,
      // a check's report, reached from the list
      { path: '/personal/review/report/:reviewId', component: page('Personal/ReviewReport'), hideInMenu: true },
    ],
  },
  section('/personal/typeset', '论文排版', [['list', '排版记录', 'Personal/TypesetList']]),
  section('/personal/security', '安全设置', [
    ['modify-password', '修改密码', 'Personal/ModifyPassword'],
    ['reset-password', '重置密码', 'Personal/ResetPassword'],
  ]),
];

const routes: AppRoute[] = [
  {
    path: '/',
    component: '@/layouts/RootLayout',
    routes: [
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
          { path: '/', name: '首页', component: page('Home') },
          { path: '/home', component: page('Home') },
          {
            path: '/article/detail/:articleId',
            component: page('Article/Detail'),
            hideInMenu: true,
          },
          {
            path: '/document/detail/:documentId',
            component: page('Document/Detail'),
            hideInMenu: true,
          },
          { path: '/review', name: '论文查重', redirect: '/review/home' },
          { path: '/review/home', component: page('Review/Home'), hideInMenu: true },
          { path: '/review/home/:systemId', component: page('Review/Home'), hideInMenu: true },
          { path: '/typeset', name: '论文排版', redirect: '/typeset/template-list' },
          { path: '/typeset/template-list', component: page('Typeset/TemplateList') },
          { path: '/typeset/template-detail/:templateId', component: page('Typeset/TemplateDetail') },
          { path: '/403', component: page('Exception/403') },
          { path: '/404', component: page('Exception/404') },
          {
            // pathless: a layout route that only guards its children
            component: '@/layouts/SecurityLayout',
            routes: [
              { path: '/review/info', component: page('Review/Info'), hideInMenu: true },
              { path: '/review/info/:reviewId', component: page('Review/Info'), hideInMenu: true },
              { path: '/typeset/preview/:typesetId', component: page('Typeset/Preview') },
              { path: '/pay/:orderId', component: page('Pay'), hideInMenu: true },
              {
                path: '/personal',
                component: '@/layouts/PersonalLayout',
                routes: personalRoutes,
              },
            ],
          },
          { path: '*', component: page('Exception/404') },
        ],
      },
    ],
  },
];

export default routes;
