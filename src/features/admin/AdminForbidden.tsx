import { ExceptionPage } from '@/components/PageState';

/** What a signed-in student (or an operator at an admin's page) sees in the back office. */
export default function AdminForbidden({ adminOnly = false }: { adminOnly?: boolean }) {
  const subTitle = adminOnly ? '抱歉，这个页面只对管理员开放。' : '抱歉，运营后台只对运营人员开放。如需开通，请联系管理员。';
  return <ExceptionPage status={403} subTitle={subTitle} />;
}
