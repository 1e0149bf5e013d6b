/**
 * Umi runtime configuration. Only Umi runtime keys may be exported here (see docs/architecture.md);
 * helpers live in src/utils.
 */
import { currentUserFrom } from '@/models/user';
import { getCurrentUser, type CurrentUser } from '@/features/account/api';
import { applyFeedbackDefaults, AppProviders } from '@/utils/providers';
import { requestConfig } from '@/utils/requestConfig';
import { isNotLoggedIn } from '@/utils/errorHandler';
import React from 'react';

export interface InitialState {
  currentUser?: CurrentUser;
  /** the current user could not be loaded (a 5xx, no answer): not known to be a visitor */
  loadFailed?: boolean;
}

applyFeedbackDefaults();

/**
 * Loads the current user before the first page renders (the loading state shows meanwhile).
 * It never redirects: a visitor is `{ currentUser: undefined }` and stays where they are. Only a
 * 401 means "not logged in" (docs/spec.md §6); a fault (a 5xx, no answer) is `loadFailed`, so a
 * guarded page offers a retry instead of sending a signed-in user to the login page.
 */
export async function getInitialState(): Promise<InitialState> {
  try {
    return { currentUser: currentUserFrom(await getCurrentUser({ skipErrorHandler: true })) };
  } catch (error) {
    // the request layer has shown the network notice if there was no answer; never a redirect from here
    return isNotLoggedIn(error) ? {} : { loadFailed: true };
  }
}

export const request = requestConfig;

export function rootContainer(container: React.ReactNode) {
  return <AppProviders>{container}</AppProviders>;
}
