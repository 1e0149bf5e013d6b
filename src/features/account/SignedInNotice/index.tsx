import { useCurrentUser } from '@/features/account/useCurrentUser';
import { Alert } from 'antd';
import { Link } from 'umi';

/**
 * On an account page (login, register), tells a user who is already signed in who they are and
 * the way home; `otherwise` is what the page still lets them do. Nothing for a visitor.
 */
export default function SignedInNotice({ otherwise }: { otherwise: string }) {
  const { currentUser } = useCurrentUser();
  if (!currentUser) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message={
        <>
          您已登录为 {currentUser.nickname}。<Link to="/">返回首页</Link>，或{otherwise}。
        </>
      }
    />
  );
}
