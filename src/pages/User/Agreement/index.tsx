import { Typography } from 'antd';
import { Link } from 'umi';
import { CODE_TTL_MINUTES } from '../../../../common/fieldRules';
import { paths } from '@/utils/paths';

const { Title, Paragraph } = Typography;

/** The user agreement of 智能论文, written for this product. */
export default function AgreementPage() {
  return (
    <article style={{ background: '#fff', borderRadius: 8, padding: '24px 24px 8px', lineHeight: 1.8 }}>
      <h1 style={{ fontSize: 24, marginTop: 0, textAlign: 'center' }}>用户协议</h1>
      <Paragraph type="secondary" style={{ textAlign: 'center' }}>
        生效日期：2026 年 11 月 1 日
      </Paragraph>
      <Paragraph>
        欢迎使用智能论文（论文网一站式服务平台，下称“本平台”）。注册账号或使用任何服务前，请您仔细阅读本协议。您勾选同意或开始使用服务，即表示您已理解并接受本协议的全部内容。
      </Paragraph>

      <Title level={2} style={{ fontSize: 18 }}>
        一、我们提供的服务
      </Title>
      <Paragraph>
        1. 阅读：写作指导文章与范文，供学习参考；范文的著作权归原作者所有，请勿整段抄用，引用时注明出处。
        <br />
        2. 论文查重：将您提交的论文与本平台的比对库逐段比对，给出相似度、相似来源和检测报告。查重结果是修改论文的参考，不代表您学校或期刊的最终检测结论。
        <br />
        3. 论文排版：按您选择的模板，把您上传的论文生成格式规范的 Word 文档。请在下载后核对内容，格式要求以学校或期刊的最新规定为准。
      </Paragraph>

      <Title level={2} style={{ fontSize: 18 }}>
        二、账号
      </Title>
      <Paragraph>
        1. 您用本人有效的邮箱注册，注册和重置密码的验证码 {CODE_TTL_MINUTES} 分钟内有效。
        <br />
        2. 请妥善保管密码，不要把账号借给他人使用。修改密码后，其他设备上的登录会被退出；怀疑账号被盗时，请立即重置密码。
        <br />
        3. 您在个人中心填写的学校、专业等信息只用于为您推荐模板和生成封面，可随时修改或清空。
      </Paragraph>

      <Title level={2} style={{ fontSize: 18 }}>
        三、付款与退款
      </Title>
      <Paragraph>
        1. 每项服务的价格在付款前完整显示，以人民币计，按下单时显示的金额收费；查重按字数计价，字数由系统从您的论文中统计并在付款前告知。
        <br />
        2. 订单 30 分钟内未付款会自动关闭，不会扣费。
        <br />
        3.
        已付款的查重如因系统原因未能完成，或排版结果无法生成，全额退回原支付账户；查重报告已生成、排版文档已下载的，不支持无理由退款。重复付款、付款后订单已关闭等情况，我们会主动原路退回。
        <br />
        4. 对扣费有疑问，请在付款后 7 天内联系我们，我们会在 3 个工作日内答复。
      </Paragraph>

      <Title level={2} style={{ fontSize: 18 }}>
        四、您上传的论文如何保存与删除
      </Title>
      <Paragraph>
        1. 您上传的论文只用于您本人下单的查重或排版，<strong>不会收录进比对库</strong>，不会提供给任何第三方，也不会用于训练或其他用途。
        <br />
        2. 论文原文和排版生成的文件存放在加密传输、访问受控的服务器上，只有您本人登录后可以查看和下载。
        <br />
        3. 上传的论文在<strong>上传后 30 天自动删除</strong>
        ；您也可以随时在个人中心的查重记录、排版记录里删除，删除后无法恢复。查重报告中的相似度等统计结果和报告验证码会保留，以便您和老师核验报告真伪。
      </Paragraph>

      <Title level={2} style={{ fontSize: 18 }}>
        五、隐私
      </Title>
      <Paragraph>
        1. 我们只收集提供服务所需的信息：邮箱、昵称、您自愿填写的个人资料、订单与支付记录。
        <br />
        2. 登录状态保存在仅限本站使用的 Cookie 中；密码经过不可逆加密保存，任何人（包括我们的员工）都无法看到原密码。
        <br />
        3. 除法律法规要求外，我们不会向第三方提供您的个人信息。您可以联系我们查询、更正或删除您的信息，或注销账号。
      </Paragraph>

      <Title level={2} style={{ fontSize: 18 }}>
        六、使用规范
      </Title>
      <Paragraph>请勿上传他人享有权利且未经授权的作品，请勿利用本平台从事代写、买卖论文等违反学术规范的行为。违反者我们有权暂停服务。</Paragraph>

      <Title level={2} style={{ fontSize: 18 }}>
        七、联系我们
      </Title>
      <Paragraph>
        邮箱：<a href="mailto:support@zhinenglunwen.cn">support@zhinenglunwen.cn</a>。本协议如有更新，我们会在网站公告，更新后继续使用即视为同意。
      </Paragraph>
      <Paragraph style={{ textAlign: 'center' }}>
        <Link to={paths.register}>返回注册</Link>
      </Paragraph>
    </article>
  );
}
