import type { InitialState } from './app';

/**
 * What the signed-in state allows, for Umi's access plugin. Nothing reads it today (no route sets
 * `access`, no page calls `useAccess`): SecurityLayout is the gate for signed-in pages.
 */
export default function access(initialState: InitialState | undefined) {
  return { isUser: Boolean(initialState?.currentUser) };
}
