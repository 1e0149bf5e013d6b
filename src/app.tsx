/**
 * Umi runtime configuration. Only Umi runtime keys may be exported here (see docs/architecture.md);
 * helpers live in src/utils.
 */
import { currentUserFrom } from '@/models/user';
import { getCurrentUser, type CurrentUser } from '@/features/account/api';
import { applyFeedbackDefaults, AppProviders } from '@/utils/providers';
import { requestConfig } from '@/utils/requestConfig';
import React from 'react';

export interface InitialState {
  currentUser?: CurrentUser;
}

applyFeedbackDefaults();

/**
 * Loads the current user before the first page renders (the loading state shows meanwhile).
 * It never redirects: a visitor is `{ currentUser: undefined }` and stays where they are.
 */
export async function getInitialState(): Promise<InitialState> {
  try {
    return { currentUser: currentUserFrom(await getCurrentUser({ skipErrorHandler: true })) };
  } catch {
    // the request layer has shown the network notice if there was no answer; never a redirect from here
    return {};
  }
}

export const request = requestConfig;

export function rootContainer(container: React.ReactNode) {
  return <AppProviders>{container}</AppProviders>;
}
