import { Button, Form, Input, type FormInstance, type InputProps } from 'antd';
import { useState, type ReactNode } from 'react';
import { sendCode } from '@/features/account/api';
import { submitConfirmed } from '@/utils/formErrors';
import { codeRules } from '@/utils/formRules';
import { useResendWait, type CodePurpose } from './resendWait';

/** The code as its six digits, however it was typed or pasted (spaces, dashes, full-width digits). */
const digitsOnly = (value: unknown) => (typeof value === 'string' ? value.normalize('NFKC').replace(/\D/g, '') : value);

/** The code's input with the button beside it (the form gives the input its value, id and events). */
function InputWithButton({ button, ...input }: InputProps & { button: ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center' }}>
      <Input {...input} style={{ flex: 1, marginRight: 8 }} />
      {button}
    </div>
  );
}

/** The field for one address: its button counts down the wait the server asks before another code. */
function CodeForAddress({ purpose, form, email }: { purpose: CodePurpose; form: FormInstance; email?: string }) {
  const wait = useResendWait(purpose, email);
  const [sending, setSending] = useState(false);
  const send = async () => {
    let address: string;
    try {
      address = (await form.validateFields(['email'])).email;
    } catch {
      return; // the address is marked beside its own field
    }
    setSending(true);
    const sent = await submitConfirmed(form, () => sendCode(address, purpose), '验证码发送失败', '验证码已发送，请查收邮件');
    setSending(false);
    if (sent) wait.start();
  };
  const button = (
    <Button disabled={wait.left > 0} loading={sending} onClick={send}>
      {wait.left > 0 ? `${wait.left} 秒后重新获取` : '获取验证码'}
    </Button>
  );
  return (
    <Form.Item name="code" label="邮箱验证码" normalize={digitsOnly} rules={codeRules}>
      {/* room for a pasted '123 456'; the value kept is its digits */}
      <InputWithButton button={button} placeholder="6 位数字" maxLength={12} inputMode="numeric" autoComplete="one-time-code" />
    </Form.Item>
  );
}

/**
 * The six-digit code field with its 获取验证码 button, which counts down before another may be asked;
 * the wait goes on after a reload of the page, for the same address.
 */
export default function CodeField({ purpose, form }: { purpose: CodePurpose; form?: FormInstance }) {
  const inForm = Form.useFormInstance();
  const email = Form.useWatch('email', form ?? inForm);
  // a code is for one address: another address starts the field afresh, with its own wait
  return <CodeForAddress key={email} purpose={purpose} form={form ?? inForm} email={email} />;
}
