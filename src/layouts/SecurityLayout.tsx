import Loading from '@/loading';
import LoadError from '@/components/LoadError';
import { buildLoginUrl } from '@/utils/redirect';
import { useEffect } from 'react';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import { history, Outlet, useLocation } from 'umi';

/**
 * The login gate (security layout): the one place that sends a visitor on a guarded page to
 * /user/login with the current full address as the redirect target. When the user could not be
 * loaded (a fault), it says so and offers 重新加载 instead.
 */
export default function SecurityLayout() {
  const { currentUser, checking, loadFailed, retry } = useCurrentUser();
  const location = useLocation();

  useEffect(() => {
    // a fault is not a logout: only a user known to be a visitor goes to login
    if (!checking && !currentUser && !loadFailed) {
      history.replace(buildLoginUrl(window.location.href));
    }
  }, [checking, currentUser, loadFailed, location.pathname, location.search]);

  if (!checking && loadFailed) return <LoadError what="账号信息" onRetry={retry} />;
  if (checking || !currentUser) return <Loading />;
  return <Outlet />;
}
