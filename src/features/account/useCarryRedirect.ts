import { carryRedirect } from '@/utils/redirect';
import { useLocation } from 'umi';

/** Builds addresses of the login family that keep the current page's `redirect` (see carryRedirect). */
export function useCarryRedirect(): (path: string) => string {
  const { pathname, search } = useLocation();
  const here = `${window.location.origin}${pathname}${search}`;
  return (path) => carryRedirect(path, here);
}
