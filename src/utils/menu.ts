import routes, { type AppRoute } from '../../config/routes';

export interface MenuEntry {
  path: string;
  name: string;
  /** the access key it needs (back-office entries) */
  access?: AppRoute['access'];
  children?: MenuEntry[];
}

/** Menu entries for a list of routes: those with a name that the spec does not hide. */
export function menuFrom(list: AppRoute[] = []): MenuEntry[] {
  return list
    .filter((route) => route.name && route.path && !route.hideInMenu && !route.path.includes(':'))
    .map((route) => {
      const children = menuFrom(route.routes);
      return { path: route.path!, name: route.name!, ...(route.access ? { access: route.access } : {}), ...(children.length ? { children } : {}) };
    });
}

function findByComponent(list: AppRoute[], component: string): AppRoute | undefined {
  for (const route of list) {
    if (route.component === component) return route;
    const found = findByComponent(route.routes ?? [], component);
    if (found) return found;
  }
  return undefined;
}

/** The top menu of the site (BasicLayout's named children). */
export const siteMenu = menuFrom(findByComponent(routes, '@/layouts/BasicLayout')?.routes);

/** The personal centre's side menu (PersonalLayout's named children). */
export const personalMenu = menuFrom(findByComponent(routes, '@/layouts/PersonalLayout')?.routes);

/** The back office's side menu (AdminLayout's named children), before the user's access is applied. */
export const adminMenu = menuFrom(findByComponent(routes, '@/layouts/AdminLayout')?.routes);
