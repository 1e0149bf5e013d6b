import AuthCard from '@/features/account/AuthCard';
import ResetPasswordForm from '@/features/account/ResetPasswordForm';
import { history, Link } from 'umi';
import { paths } from '@/utils/paths';
import { useCarryRedirect } from '@/features/account/useCarryRedirect';

/** /user/reset-password: forgot the password → a code by mail → a new password. */
export default function ResetPasswordPage() {
  const carry = useCarryRedirect();
  return (
    <AuthCard
      title="重置密码"
      subTitle="我们会把验证码发到您的注册邮箱"
      footer={
        <>
          想起来了？<Link to={carry(paths.login)}>返回登录</Link>
        </>
      }
    >
      <ResetPasswordForm onDone={() => history.push(carry(paths.login))} />
    </AuthCard>
  );
}
