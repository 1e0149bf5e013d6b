import { passwordEye } from '@/components/iconLabels';
import { confirmRules, passwordRules } from '@/utils/formRules';
import { ProFormText } from '@ant-design/pro-form';

/**
 * A new password and its confirmation, as registering, resetting and changing a password ask for
 * them: the password rules, the second entry checked against the first, and the browser told both
 * are a new password (so it offers to generate and save one).
 */
export default function NewPasswordFields({
  name = 'password',
  label = '新密码',
  confirmPlaceholder,
}: {
  name?: string;
  label?: string;
  confirmPlaceholder?: string;
}) {
  return (
    <>
      <ProFormText.Password
        name={name}
        label={label}
        placeholder="至少 8 位，含字母和数字"
        rules={passwordRules}
        fieldProps={{ autoComplete: 'new-password', iconRender: passwordEye }}
      />
      <ProFormText.Password
        name="confirm"
        label={`确认${label}`}
        placeholder={confirmPlaceholder}
        dependencies={[name]}
        rules={confirmRules(name)}
        fieldProps={{ autoComplete: 'new-password', iconRender: passwordEye }}
      />
    </>
  );
}
