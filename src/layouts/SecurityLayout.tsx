import Loading from '@/loading';
import { buildLoginUrl } from '@/utils/redirect';
import { useEffect } from 'react';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import { history, Outlet, useLocation } from 'umi';

/**
 * The login gate (security layout): the one place that sends a visitor on a guarded page to
 * /user/login with the current full address as the redirect target.
 */
export default function SecurityLayout() {
  const { currentUser, checking } = useCurrentUser();
  const location = useLocation();

  useEffect(() => {
    if (!checking && !currentUser) {
      history.replace(buildLoginUrl(window.location.href));
    }
  }, [checking, currentUser, location.pathname, location.search]);

  if (checking || !currentUser) return <Loading />;
  return <Outlet />;
}
