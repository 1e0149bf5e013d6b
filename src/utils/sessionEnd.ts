/**
 * Whether the login page was reached because a signed-in session ended (it expired, or was signed
 * out elsewhere), as against a visitor sent there: the page then says so and fills in the e-mail.
 * Kept in the tab's session storage, since the way to the login page after a 401 is a new page load.
 */
const SIGNED_IN = 'zn-signed-in';
const ENDED = 'zn-session-ended';

/** Kept while the app knows who is signed in in this tab; forgotten at a logout (`undefined`). */
export function noteSignedIn(email: string | undefined) {
  if (email) sessionStorage.setItem(SIGNED_IN, email);
  else sessionStorage.removeItem(SIGNED_IN);
}

/** The API said the session is gone (401): if someone was signed in, the login page is told whom. */
export function noteSessionEnded() {
  const email = sessionStorage.getItem(SIGNED_IN);
  sessionStorage.removeItem(SIGNED_IN);
  if (email) sessionStorage.setItem(ENDED, email);
}

/** The e-mail of the session that ended on the way to the login page, if one did; `forget` once it has been said. */
export const endedSession = {
  email: (): string | undefined => sessionStorage.getItem(ENDED) ?? undefined,
  forget: () => sessionStorage.removeItem(ENDED),
};
