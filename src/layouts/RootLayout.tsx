import PageOutlet from '@/components/PageOutlet';
import { pageTitle, PageTitleContext } from '@/utils/title';
import { useEffect, useState } from 'react';
import { useLocation, useSelectedRoutes } from 'umi';

/** The name a matched route gives its page: the deepest route's `title` or menu `name` (none where its title is false). */
function routeName(routes: Array<{ route: unknown }>): string | undefined {
  for (let i = routes.length - 1; i >= 0; i -= 1) {
    const { title, name } = routes[i].route as { title?: string | false; name?: string };
    if (title === false) return undefined;
    if (title || name) return title || name;
  }
  return undefined;
}

/**
 * The one root of every route (docs/spec.md §2): starts each new page at the top and names it in
 * the title, by the name the page gives itself (usePageTitle: an article's title, a 403 shown in
 * place of the page) or else by its route's.
 */
export default function RootLayout() {
  const { pathname } = useLocation();
  const [ownName, setOwnName] = useState<string>();
  const routed = routeName(useSelectedRoutes());
  const name = ownName ?? routed;
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  useEffect(() => {
    document.title = pageTitle(name);
  }, [pathname, name]);
  // last resort, for a layout whose own script failed: the message rather than a blank screen
  return (
    <PageTitleContext.Provider value={setOwnName}>
      <PageOutlet />
    </PageTitleContext.Provider>
  );
}
