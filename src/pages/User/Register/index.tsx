import { UpcomingPage } from '@/components/PageState';

export default function RegisterPage() {
  return <UpcomingPage title="注册" description="注册功能即将开放：用邮箱和验证码注册账号。" />;
}
