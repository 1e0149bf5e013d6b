import { LockOutlined, MailOutlined } from '@ant-design/icons';
import { LoginForm, ProFormText } from '@ant-design/pro-form';
import { Alert } from 'antd';
import { useState } from 'react';
import { Link, useModel } from 'umi';

export interface LoginFormValues {
  email: string;
  password: string;
}

/** /user/login: e-mail and password; a refused login shows the server's message on the form. */
export default function LoginPage() {
  const { status, message, login } = useModel('login');
  const [submitting, setSubmitting] = useState(false);

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
    <div style={{ maxWidth: 400, margin: '0 auto', background: '#fff', borderRadius: 8, padding: '8px 0 16px' }}>
      <LoginForm<LoginFormValues>
        title={<h1 style={{ fontSize: 24, margin: 0 }}>登录</h1>}
        subTitle="登录后可以查重、排版和查看您的订单"
        onFinish={onFinish}
        loading={submitting}
        submitter={{ searchConfig: { submitText: '登录' } }}
        contentStyle={{ minWidth: 0, maxWidth: 328, width: '100%' }}
        actions={
          <div style={{ display: 'flex', justifyContent: 'space-between' }}>
            <Link to="/user/register">注册账号</Link>
            <Link to="/user/reset-password">忘记密码</Link>
          </div>
        }
      >
        {status === 'error' && (
          <Alert role="alert" type="error" showIcon message={message || '登录失败，请重试'} style={{ marginBottom: 24 }} />
        )}
        <ProFormText
          name="email"
          label="邮箱"
          fieldProps={{ size: 'large', prefix: <MailOutlined />, autoComplete: 'username', inputMode: 'email' }}
          placeholder="请输入注册邮箱"
          rules={[
            { required: true, message: '请输入邮箱' },
            { type: 'email', message: '邮箱格式不正确' },
          ]}
        />
        <ProFormText.Password
          name="password"
          label="密码"
          fieldProps={{ size: 'large', prefix: <LockOutlined />, autoComplete: 'current-password' }}
          placeholder="请输入密码"
          rules={[{ required: true, message: '请输入密码' }]}
        />
      </LoginForm>
    </div>
  );
}
