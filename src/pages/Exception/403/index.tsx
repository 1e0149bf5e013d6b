import { ExceptionPage } from '@/components/PageState';

export default function ForbiddenPage() {
  return <ExceptionPage status={403} subTitle="抱歉，您无权访问这个页面。如果这是您自己的记录，请确认登录的是下单时的账号。" />;
}
