import { ProFormCaptcha } from '@ant-design/pro-form';
import { Form } from 'antd';
import { sendCode } from '@/features/account/api';
import { submitConfirmed } from '@/utils/formErrors';
import { codeRules } from '@/utils/formRules';
import type { FormInstance } from 'antd';
import { CODE_RESEND_SECONDS } from '../../../../common/fieldRules';

/** The code as its six digits, however it was typed or pasted (spaces, dashes, full-width digits). */
const digitsOnly = (value: unknown) => (typeof value === 'string' ? value.normalize('NFKC').replace(/\D/g, '') : value);

/** The six-digit code field with its 获取验证码 button (counts down before another may be asked). */
export default function CodeField({ purpose, form }: { purpose: 'register' | 'reset'; form?: FormInstance }) {
  const email = Form.useWatch('email', form);
  return (
    <ProFormCaptcha
      // a code is for one address: another address starts the field afresh, countdown and all
      key={email}
      name="code"
      normalize={digitsOnly}
      label="邮箱验证码"
      phoneName="email"
      placeholder="6 位数字"
      countDown={CODE_RESEND_SECONDS}
      // room for a pasted '123 456'; the value kept is its digits
      fieldProps={{ maxLength: 12, inputMode: 'numeric', autoComplete: 'one-time-code' }}
      captchaTextRender={(timing, count) => (timing ? `${count} 秒后重新获取` : '获取验证码')}
      rules={codeRules}
      onGetCaptcha={async (email: string) => {
        const sent = await submitConfirmed(form, () => sendCode(email, purpose), '验证码发送失败', '验证码已发送，请查收邮件');
        // ProFormCaptcha starts its countdown only when this resolves
        if (!sent) throw new Error('code not sent');
      }}
    />
  );
}
