import { ExceptionPage } from '@/components/PageState';
import AdminForbidden from '@/features/admin/AdminForbidden';
import { paths } from '@/utils/paths';
import { useLocation } from 'umi';

/**
 * The 403 page: a call the server refused. Refused in the back office (an operator whose role was
 * taken back while the console was open), it says that the account has no access there.
 */
export default function ForbiddenPage() {
  const refusedAt = (useLocation().state as { refusedAt?: string } | null)?.refusedAt;
  if (refusedAt === paths.admin || refusedAt?.startsWith(`${paths.admin}/`)) return <AdminForbidden />;
  return <ExceptionPage status={403} subTitle="抱歉，您无权访问这个页面。如果这是您自己的记录，请确认登录的是下单时的账号。" />;
}
