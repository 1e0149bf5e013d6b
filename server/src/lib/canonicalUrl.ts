/**
 * The request's address with escaped letters, digits and -._~ written plainly. An escape of one of
 * these is the character itself, so `/%61pi/` and `/api/` are one address and the router reads them
 * as one: every check that asks whether a request is the API's (the cross-site guard, the session,
 * no-store) must see the spelling the router does. Other escapes (%2F, %20, …) mean something else
 * and stay.
 */
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

export function canonicalUrl(url: string): string {
  if (!url.includes('%')) return url;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const plain = path.replace(ESCAPE, (escape, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape;
  });
  return query === -1 ? plain : plain + url.slice(query);
}
