import { passwordEye } from '@/components/iconLabels';
import AuthCard from '@/features/account/AuthCard';
import SignedInNotice from '@/features/account/SignedInNotice';
import { LOGIN_FAILED_TEXT } from '@/features/account/api';
import { emailRules, trimmedEmail } from '@/utils/formRules';
import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useLocation, useModel } from 'umi';
import { paths } from '@/utils/paths';
import { useCarryRedirect } from '@/features/account/useCarryRedirect';
import { endedSession } from '@/utils/sessionEnd';

export interface LoginFormValues {
  email: string;
  password: string;
}

/** /user/login: e-mail and password; a refused login shows the server's message on the form. */
export default function LoginPage() {
  const { status, message, login, reset } = useModel('login');
  // a message from an earlier visit to this page is not news
  useEffect(() => reset, [reset]);
  const [submitting, setSubmitting] = useState(false);
  // a session that ended on the way here is said once, with its e-mail filled in
  const [ended] = useState(endedSession.email);
  useEffect(() => endedSession.forget(), []);
  const email = new URLSearchParams(useLocation().search).get('email') ?? ended;
  const carry = useCarryRedirect();

  const onFinish = async (values: LoginFormValues) => {
    setSubmitting(true);
    try {
      await login(values);
    } catch {
      // the request layer has told the user (network notice); the form stays as it was
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="登录"
      subTitle="登录后可以查重、排版和查看您的订单"
      footer={
        <div style={{ display: 'flex', justifyContent: 'space-between' }}>
          <Link to={carry(paths.register)}>注册账号</Link>
          <Link to={carry(paths.resetPassword)}>忘记密码</Link>
        </div>
      }
    >
      <SignedInNotice otherwise="用其他账号重新登录" />
      {/* antd's own Form: the login page is a first page, and pro-form weighs more than it gives here */}
      <Form<LoginFormValues> layout="vertical" initialValues={{ email }} onFinish={onFinish} requiredMark>
        {status === 'error' && <Alert role="alert" type="error" showIcon message={message || LOGIN_FAILED_TEXT} style={{ marginBottom: 24 }} />}
        {ended && status !== 'error' && (
          <Alert type="info" showIcon message="登录已失效，请重新登录" description="登录可能已过期，或已在其他地方退出。" style={{ marginBottom: 24 }} />
        )}
        <Form.Item name="email" label="邮箱" normalize={trimmedEmail} rules={[emailRules[0], { type: 'email', message: '邮箱格式不正确' }]}>
          <Input size="large" prefix={<MailOutlined aria-hidden />} autoComplete="username" inputMode="email" placeholder="请输入注册邮箱" />
        </Form.Item>
        <Form.Item name="password" label="密码" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password
            size="large"
            prefix={<LockOutlined aria-hidden />}
            iconRender={passwordEye}
            autoComplete="current-password"
            placeholder="请输入密码"
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" size="large" block loading={submitting}>
          登录
        </Button>
      </Form>
    </AuthCard>
  );
}
