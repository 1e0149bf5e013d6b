/**
 * Full-page navigations, kept in one module so that tests can observe them (jsdom cannot
 * navigate) and so that every hard navigation of the app is easy to find.
 */
export const navigation = {
  currentHref(): string {
    return window.location.href;
  },
  /** Replaces the current document (docs/spec.md §2: a 401 "replaces the location"). */
  replaceLocation(url: string): void {
    window.location.replace(url);
  },
};
