import ResetPasswordForm from '@/features/account/ResetPasswordForm';
import { Card } from 'antd';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import { history, useModel } from 'umi';
import { paths } from '@/utils/paths';

/** /personal/security/reset-password: reset by a code mailed to the signed-in user's address. */
export default function PersonalResetPasswordPage() {
  const { currentUser } = useCurrentUser();
  const { clear } = useModel('user');
  return (
    <Card>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>重置密码</h1>
      <p style={{ color: 'rgba(0,0,0,0.55)' }}>忘记原密码时使用：验证码会发到您的注册邮箱。重置后所有设备都需要重新登录。</p>
      <div style={{ maxWidth: 420 }}>
        <ResetPasswordForm
          email={currentUser?.email}
          onDone={() => {
            // every session has ended on the server: log in again with the new password
            history.replace(paths.login);
            clear();
          }}
        />
      </div>
    </Card>
  );
}
