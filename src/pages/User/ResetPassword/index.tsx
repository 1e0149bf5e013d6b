import AuthCard from '@/features/account/AuthCard';
import ResetPasswordForm from '@/features/account/ResetPasswordForm';
import { history, Link } from 'umi';
import { paths } from '@/utils/paths';

/** /user/reset-password: forgot the password → a code by mail → a new password. */
export default function ResetPasswordPage() {
  return (
    <AuthCard title="重置密码" subTitle="我们会把验证码发到您的注册邮箱">
      <ResetPasswordForm onDone={() => history.push(paths.login)} />
      <p style={{ textAlign: 'center', marginTop: 8 }}>
        想起来了？<Link to={paths.login}>返回登录</Link>
      </p>
    </AuthCard>
  );
}
