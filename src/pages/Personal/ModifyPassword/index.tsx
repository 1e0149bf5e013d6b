import { UpcomingPage } from '@/components/PageState';

export default function ModifyPasswordPage() {
  return <UpcomingPage title="修改密码" description="即将开放：输入原密码和新密码来修改密码。" />;
}
