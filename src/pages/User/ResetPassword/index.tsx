import { UpcomingPage } from '@/components/PageState';

export default function ResetPasswordPage() {
  return <UpcomingPage title="重置密码" description="即将开放：通过邮箱验证码重置密码。" />;
}
