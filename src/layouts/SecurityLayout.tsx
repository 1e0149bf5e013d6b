import Loading from '@/loading';
import { buildLoginUrl } from '@/utils/redirect';
import { useEffect } from 'react';
import { history, Outlet, useLocation, useModel } from 'umi';

/**
 * The login gate (security layout): the one place that sends a visitor on a guarded page to
 * /user/login with the current full address as the redirect target.
 */
export default function SecurityLayout() {
  // Read straight from the initial state, where the user model keeps currentUser: a page opened
  // right after login must see the user committed a moment ago, not a copy one update behind.
  const { initialState, loading } = useModel('@@initialState');
  const currentUser = initialState?.currentUser;
  const checking = loading || initialState === undefined;
  const location = useLocation();

  useEffect(() => {
    if (!checking && !currentUser) {
      history.replace(buildLoginUrl(window.location.href));
    }
  }, [checking, currentUser, location.pathname, location.search]);

  if (checking || !currentUser) return <Loading />;
  return <Outlet />;
}
