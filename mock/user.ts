import { ok, sessionUserId, withFault } from './_lib/kit';
import { findUserById, publicUser } from './_lib/users';

export default {
  /** The signed-in user, or null for a visitor (never 401: visitors use public pages). */
  'GET /api/v1/user/getCurrent': withFault((req, res) => {
    const user = findUserById(sessionUserId(req));
    res.status(200).json(ok(user ? publicUser(user) : null));
  }),
};
