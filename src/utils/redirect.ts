import { LOGIN_PATH } from '@/constants';

/** The address login sends a visitor to, carrying where they were (docs/spec.md §2). */
export function buildLoginUrl(currentHref: string): string {
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(currentHref)}`;
}

/** The `redirect` query parameter of an address, or null. */
export function getRedirectParam(href: string): string | null {
  try {
    return new URL(href).searchParams.get('redirect');
  } catch {
    return null;
  }
}

/**
 * Where a successful login goes (docs/spec.md §2, §5): the redirect target only when it has the page's own
 * origin, as a path within the site; the site root for any other origin or anything unparsable;
 * `/` when there is no target. A hash-router address (`…/#/path`) uses only the part after `#`,
 * which must pass the same test (`/#//evil.example` names another origin).
 */
export function resolveLoginRedirect(currentHref: string): string {
  const target = getRedirectParam(currentHref);
  if (!target) return '/';
  try {
    const path = pathWithinSite(target, new URL(currentHref));
    // a target that is the login page itself (`?x=1`, blanks, `/user/login?…`) would leave the user on it: no target
    return path === null || isLoginPath(path) ? '/' : path;
  } catch {
    return '/';
  }
}

/** Whether the router would show the login page for a path: it matches paths case-blind, unescaped, with or without a trailing slash. */
export function isLoginPath(path: string): boolean {
  let pathname = new URL(path, 'http://site').pathname;
  try {
    pathname = decodeURIComponent(pathname);
  } catch {
    // a malformed escape stays as it is
  }
  return pathname.replace(/\/+$/, '').toLowerCase() === LOGIN_PATH.toLowerCase();
}

/**
 * `path` (a page of the login family: login, register, reset password) carrying on the current
 * address's `redirect`, so that a visitor who registers or resets a password on the way still ends
 * at their target after logging in. Only a target login would honour is carried; login checks it again.
 */
export function carryRedirect(path: string, currentHref: string): string {
  const target = getRedirectParam(currentHref);
  if (!target) return path;
  try {
    if (pathWithinSite(target, new URL(currentHref)) === null) return path;
  } catch {
    return path;
  }
  return `${path}${path.includes('?') ? '&' : '?'}redirect=${encodeURIComponent(target)}`;
}

/** The target as a path of the current page's site, or null when it leads anywhere else. */
function pathWithinSite(target: string, current: URL): string | null {
  let resolved: URL;
  try {
    // `//host`, `/\host` and `javascript:` do not keep the page's origin, so they fail below
    resolved = new URL(target, current);
  } catch {
    return null;
  }
  if (resolved.origin !== current.origin) return null;
  // `/.//host` resolves to the path `//host`, which the router would read as another origin
  if (resolved.pathname.startsWith('//')) return null;
  if (resolved.hash.startsWith('#/')) return pathWithinSite(resolved.hash.slice(1), current);
  return `${resolved.pathname}${resolved.search}${resolved.hash}`;
}

/**
 * Where logout goes (docs/spec.md §2): the login page carrying the current address, unless the user is
 * already on the login page or the address already carries a redirect parameter (then null: stay).
 */
export function logoutDestination(currentHref: string): string | null {
  const url = new URL(currentHref);
  if (isLoginPath(url.pathname) || url.searchParams.has('redirect')) return null;
  return buildLoginUrl(currentHref);
}
