import { submitConfirmed } from '@/utils/formErrors';
import { ModalForm, ProFormTextArea } from '@ant-design/pro-form';
import { Form } from 'antd';
import { disableUser, type AdminUser } from './api';

/** 停用: asks for the reason, which is also the confirmation; the account's sessions end at once. */
export default function DisableDialog({ user, onClose, onDone }: { user: AdminUser; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <ModalForm<{ reason: string }>
      title={`停用账号 ${user.email}`}
      name="disable"
      open
      form={form}
      width={440}
      modalProps={{ destroyOnClose: true, onCancel: onClose }}
      submitter={{ searchConfig: { submitText: '确认停用', resetText: '取消' }, submitButtonProps: { danger: true } }}
      onFinish={async ({ reason }) => {
        const answer = await submitConfirmed(form, () => disableUser(user.id, reason.trim()), '停用失败', '账号已停用');
        if (!answer) return false;
        onDone();
        return true;
      }}
    >
      <p>停用后该账号立即退出登录，且无法再登录，直到重新启用。</p>
      <ProFormTextArea
        name="reason"
        label="停用原因"
        fieldProps={{ maxLength: 200, showCount: true }}
        rules={[{ required: true, whitespace: true, message: '请填写停用原因' }]}
      />
    </ModalForm>
  );
}
