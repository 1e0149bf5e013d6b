import { ExceptionPage } from '@/components/PageState';
import { paths } from '@/utils/paths';
import { usePageTitle } from '@/utils/title';

/**
 * What an account without the back office's role sees there, in place of the page (a student, an
 * operator whose role was taken back, or an operator at an admin's page): that this account may not
 * open it, and whom to ask. The browser title says the same.
 */
export default function AdminForbidden({ adminOnly = false }: { adminOnly?: boolean }) {
  const heading = adminOnly ? '无权访问此页面' : '无权访问运营后台';
  usePageTitle(heading);
  const subTitle = adminOnly
    ? '抱歉，这个页面只对管理员开放，您的账号没有访问权限。如需访问，请联系管理员。'
    : '抱歉，您的账号没有运营后台的访问权限（没有运营或管理员角色，或角色已被收回）。如需开通，请联系管理员。';
  // an admin's page is refused inside the back office, whose overview the operator may open
  return <ExceptionPage status={403} heading={heading} subTitle={subTitle} back={adminOnly ? [paths.admin, '返回概览'] : undefined} />;
}
