/**
 * Umi runtime configuration. Only Umi runtime keys may be exported here (see docs/architecture.md);
 * helpers live in src/utils.
 */
import { currentUserFrom } from '@/models/user';
import { noteSignedIn } from '@/utils/sessionEnd';
import { getCurrentUser, type CurrentUser } from '@/features/account/api';
import { APP_THEME, applyFeedbackDefaults, AppProviders } from '@/utils/providers';
import { requestConfig } from '@/utils/requestConfig';
import { handleRequestError, isNoResponse, isNotLoggedIn } from '@/utils/errorHandler';
import React from 'react';

export interface InitialState {
  currentUser?: CurrentUser;
  /** the current user could not be loaded (a 5xx, no answer): not known to be a visitor */
  loadFailed?: boolean;
}

applyFeedbackDefaults();

/**
 * Loads the current user before the first page renders (the loading state shows meanwhile). A visitor
 * is the server's `{ success: true, result: null }`: `{ currentUser: undefined }`, who stays where
 * they are. A failure is handled as any call's (docs/spec.md §2, §8), on every page: a 401 replaces
 * the location with login (not on the login page, so no loop), a 403 goes to /403 (not on the login
 * page), a 404 to /404. A fault (a 5xx, no answer) is only logged (the network notice for no answer)
 * and is `loadFailed`, so a guarded page offers a retry instead of sending a signed-in user to login;
 * so is a 403 or 404, which says nothing of who the user is.
 */
export async function getInitialState(): Promise<InitialState> {
  try {
    const currentUser = currentUserFrom(await getCurrentUser({ skipErrorHandler: true }));
    noteSignedIn(currentUser?.email);
    return { currentUser };
  } catch (error) {
    // the request layer has shown the network notice if there was no answer
    if (!isNoResponse(error)) handleRequestError(error);
    return isNotLoggedIn(error) ? {} : { loadFailed: true };
  }
}

export const request = requestConfig;

/**
 * The antd plugin's provider takes the site's theme: it hands its theme to the static notices and
 * messages, drawn outside the page's providers (an empty one otherwise, and their Chinese fell to
 * whatever face the browser found, a calligraphic Kai on Linux).
 */
export const antd = (config: Record<string, unknown>) => ({ ...config, theme: APP_THEME });

export function rootContainer(container: React.ReactNode) {
  return <AppProviders>{container}</AppProviders>;
}
