import { useEffect } from 'react';
import { Outlet, useLocation } from 'umi';

/** The one root of every route (SPEC §2): starts each new page at the top. */
export default function RootLayout() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [pathname]);
  return <Outlet />;
}
