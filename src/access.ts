import type { InitialState } from './app';

/** What the signed-in state allows; SecurityLayout is the gate, this feeds `useAccess`. */
export default function access(initialState: InitialState | undefined) {
  return { isUser: Boolean(initialState?.currentUser) };
}
