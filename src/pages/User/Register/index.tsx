import NewPasswordFields from '@/features/account/NewPasswordFields';
import AuthCard from '@/features/account/AuthCard';
import SignedInNotice from '@/features/account/SignedInNotice';
import CodeField from '@/features/account/CodeField';
import { register, type RegisterForm } from '@/features/account/api';
import { submitConfirmed } from '@/utils/formErrors';
import { submitOnly } from '@/utils/submitter';
import { emailRules, trimmedEmail, nicknameRules } from '@/utils/formRules';
import { ProForm, ProFormCheckbox, ProFormText } from '@ant-design/pro-form';
import { Form } from 'antd';
import { history, Link } from 'umi';
import { FIELD_RULES } from '../../../../common/fieldRules';
import { paths } from '@/utils/paths';
import { useCarryRedirect } from '@/features/account/useCarryRedirect';

type Values = RegisterForm & { confirm: string };

/** /user/register: e-mail with a mailed code, password, nickname, and the user agreement. */
export default function RegisterPage() {
  const [form] = Form.useForm<Values>();
  const carry = useCarryRedirect();
  return (
    <AuthCard
      title="注册"
      subTitle="注册后即可查重、排版，并在个人中心查看记录"
      footer={
        <>
          已有账号？<Link to={carry(paths.login)}>直接登录</Link>
        </>
      }
    >
      <SignedInNotice otherwise="注册一个新账号" />
      <ProForm<Values>
        form={form}
        submitter={submitOnly('注册')}
        onFinish={async ({ confirm: _confirm, ...values }) => {
          const done = await submitConfirmed(form, () => register(values), '注册失败', '注册成功，请登录');
          if (done) {
            history.push(carry(paths.loginAs(values.email)));
          }
        }}
      >
        <ProFormText
          name="email"
          label="邮箱"
          placeholder="常用邮箱，用于登录和接收验证码"
          rules={emailRules}
          normalize={trimmedEmail}
          fieldProps={{ inputMode: 'email', autoComplete: 'email' }}
        />
        <CodeField purpose="register" form={form} />
        <NewPasswordFields label="密码" confirmPlaceholder="再次输入密码" />
        <ProFormText name="nickname" label="昵称" placeholder="2–20 个字符" rules={nicknameRules} fieldProps={{ autoComplete: 'nickname' }} />
        <ProFormCheckbox
          name="agreement"
          rules={[{ validator: (_r, checked) => (checked ? Promise.resolve() : Promise.reject(new Error(FIELD_RULES.agreement.message))) }]}
        >
          我已阅读并同意
          <Link to={paths.agreement} target="_blank">
            《用户协议》
          </Link>
        </ProFormCheckbox>
      </ProForm>
    </AuthCard>
  );
}
