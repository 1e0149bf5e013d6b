/**
 * The browser title (docs/spec.md §1, docs/ux.md): the product's title alone by default, and `页面 - 产品标题`
 * on a page with a name (its menu name, a route's `title`, or what the page shows, e.g. an
 * article's title).
 */
import { SITE_TITLE } from '@/constants';
import { useEffect } from 'react';

export const pageTitle = (name?: string) => (name ? `${name} - ${SITE_TITLE}` : SITE_TITLE);

/** Names the page in the browser title once `name` is known (a detail page, after its load). */
export function usePageTitle(name: string | undefined) {
  useEffect(() => {
    if (name) document.title = pageTitle(name);
  }, [name]);
}
