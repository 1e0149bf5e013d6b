/**
 * What jsdom cannot do, stood in for the same way in every test: replace the document (the way to
 * login after a 401) and save a downloaded file.
 */
import { waitFor } from '@testing-library/react';
import type { MockHandler } from '../../mock/_lib/kit';
import { navigation } from '@/utils/navigation';
import { server } from './mockServer';

/** The API's answer to a call once the session has ended. */
const sessionEnded: MockHandler = (_req, res) => res.status(401).json({ success: false, message: '请先登录', errorCode: 'UNAUTHENTICATED', showType: 9 });

/** `routes` answer as the API does once the session has ended (401). */
export const endSessionAt = (...routes: string[]) => server.use(Object.fromEntries(routes.map((route) => [route, sessionEnded])));

/** jsdom cannot replace the document: the replacement the page asks for is noted, as what the user would see. */
export const noteLocationReplaced = () => jest.spyOn(navigation, 'replaceLocation').mockImplementation(() => undefined);

/**
 * Until the page has asked for the login page (`replaced`, from noteLocationReplaced): with a
 * redirect back to `from`, the full address, when it is given; else with any redirect.
 */
export async function expectSentToLogin(replaced: jest.SpyInstance, from?: string) {
  const login = from === undefined ? expect.stringMatching(/^\/user\/login\?redirect=/) : `/user/login?redirect=${encodeURIComponent(from)}`;
  await waitFor(() => expect(replaced).toHaveBeenCalledWith(login), { timeout: 15_000 });
}

/**
 * jsdom neither keeps files in memory for a link nor downloads: each file the page would save is
 * noted, its link's address `href` (what URL.createObjectURL answers) and its name.
 */
export function noteSavedFiles(href: string) {
  const saved: { href: string; download: string }[] = [];
  Object.assign(URL, { createObjectURL: () => href, revokeObjectURL: () => undefined });
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ href: this.getAttribute('href')!, download: this.download });
  });
  return saved;
}

/**
 * `route` answers with a file of this content type and content, named by the server (a plain name
 * and the UTF-8 one, as the API names a download) when `names` are given.
 */
export function serveFile(route: string, type: string, content: string, names?: { plain: string; utf8: string }) {
  server.use({
    [route]: (_req, res) => {
      res.setHeader('content-type', type);
      if (names) res.setHeader('content-disposition', `attachment; filename="${names.plain}"; filename*=UTF-8''${encodeURIComponent(names.utf8)}`);
      res.end!(Buffer.from(content));
    },
  });
}

/** `route` is not answered until the function returned drops the connection (the network lost mid-call). */
export function dropLater(route: string) {
  let drop: () => void = () => undefined;
  server.use({ [route]: (_req, res) => void (drop = () => res.socket!.destroy()) });
  return () => drop();
}
