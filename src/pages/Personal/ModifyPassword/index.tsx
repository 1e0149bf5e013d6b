import { passwordEye } from '@/components/iconLabels';
import NewPasswordFields from '@/features/account/NewPasswordFields';
import { modifyPassword } from '@/features/account/api';
import { submitConfirmed } from '@/utils/formErrors';
import { submitOnly } from '@/utils/submitter';
import { ProForm, ProFormText } from '@ant-design/pro-form';
import { Card, Form } from 'antd';
import { Link } from 'umi';
import { paths } from '@/utils/paths';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/** /personal/security/modify-password: old password + new password; other devices are logged out. */
export default function ModifyPasswordPage() {
  const [form] = Form.useForm<Values>();
  return (
    <Card>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>修改密码</h1>
      <p style={{ color: 'rgba(0,0,0,0.55)' }}>
        修改后，其他设备上的登录会退出，本设备保持登录。忘记原密码？请用<Link to={paths.personalResetPassword}>邮箱验证码重置</Link>。
      </p>
      <div style={{ maxWidth: 420 }}>
        <ProForm<Values>
          form={form}
          submitter={submitOnly('修改密码')}
          onFinish={async ({ oldPassword, newPassword }) => {
            const done = await submitConfirmed(form, () => modifyPassword({ oldPassword, newPassword }), '修改失败', '密码已修改');
            if (done) {
              form.resetFields();
            }
          }}
        >
          <ProFormText.Password
            name="oldPassword"
            label="原密码"
            rules={[{ required: true, message: '请输入原密码' }]}
            fieldProps={{ autoComplete: 'current-password', iconRender: passwordEye }}
          />
          <NewPasswordFields name="newPassword" />
        </ProForm>
      </div>
    </Card>
  );
}
