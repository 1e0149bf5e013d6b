/**
 * The browser title (docs/spec.md §1, docs/ux.md): the product's title alone by default, and `页面 - 产品标题`
 * on a page with a name (its menu name, a route's `title`, or what the page shows, e.g. an
 * article's title).
 */
import { SITE_TITLE } from '@/constants';
import { createContext, useContext, useEffect } from 'react';

export const pageTitle = (name?: string) => (name ? `${name} - ${SITE_TITLE}` : SITE_TITLE);

/**
 * How a page names itself over its route's name (RootLayout's): the name it shows, undefined once
 * it no longer does. RootLayout sets the title after its pages' own effects have run, so a page
 * that set `document.title` itself would have it overwritten by the route's name.
 */
export const PageTitleContext = createContext<((name: string | undefined) => void) | undefined>(undefined);

/** Names the page in the browser title once `name` is known (a detail page, after its load), for as long as it is shown. */
export function usePageTitle(name: string | undefined) {
  const claim = useContext(PageTitleContext);
  useEffect(() => {
    if (!name) return undefined;
    if (!claim) {
      document.title = pageTitle(name);
      return undefined;
    }
    claim(name);
    return () => claim(undefined);
  }, [claim, name]);
}
