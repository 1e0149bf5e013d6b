import NewPasswordFields from '@/features/account/NewPasswordFields';
import CodeField from '@/features/account/CodeField';
import { resetPassword } from '@/features/account/api';
import { submitConfirmed } from '@/utils/formErrors';
import { submitOnly } from '@/utils/submitter';
import { emailRules, trimmedEmail } from '@/utils/formRules';
import { ProForm, ProFormText } from '@ant-design/pro-form';
import { Form } from 'antd';

interface Values {
  email: string;
  code: string;
  password: string;
  confirm: string;
}

/**
 * Resets a password with a code mailed to the account's address. `email` fixes the address (the
 * personal centre's version, for the signed-in user's own account).
 */
export default function ResetPasswordForm({ email, onDone }: { email?: string; onDone: () => void }) {
  const [form] = Form.useForm<Values>();
  return (
    <ProForm<Values>
      form={form}
      submitter={submitOnly('重置密码')}
      onFinish={async ({ confirm: _confirm, ...values }) => {
        const done = await submitConfirmed(form, () => resetPassword(values), '重置失败', '密码已重置，请用新密码登录');
        if (done) {
          onDone();
        }
      }}
    >
      <ProFormText
        name="email"
        label="注册邮箱"
        placeholder="请输入注册邮箱"
        rules={emailRules}
        normalize={trimmedEmail}
        initialValue={email}
        disabled={Boolean(email)}
        fieldProps={{ inputMode: 'email', autoComplete: 'username' }}
      />
      <CodeField purpose="reset" form={form} />
      <NewPasswordFields confirmPlaceholder="再次输入新密码" />
    </ProForm>
  );
}
