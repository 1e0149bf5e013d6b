import { updateBasicInfo, uploadAvatar, type BasicInfo } from '@/features/account/api';
import { submitConfirmed } from '@/utils/formErrors';
import { submitOnly } from '@/utils/submitter';
import { nicknameRules, phoneRules } from '@/utils/formRules';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { ProForm, ProFormSelect, ProFormText } from '@ant-design/pro-form';
import { Avatar, Button, Card, Descriptions, Form, message, Space, Upload } from 'antd';
import UploadProgress from '@/components/UploadProgress';
import { useUploadProgress } from '@/hooks/useUploadProgress';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import { useModel } from 'umi';
import { DEGREES } from '../../../../common/fieldRules';
import { AVATAR_MAX_BYTES, AVATAR_TYPE_MESSAGE, AVATAR_TYPES } from '../../../../common/api';
import { formatDay } from '@/utils/time';

/** /personal/home/basic-info: view and edit nickname, name, school, major, degree, phone, avatar. */
export default function BasicInfoPage() {
  const { currentUser } = useCurrentUser();
  const { fetchCurrent } = useModel('user');
  const [form] = Form.useForm<BasicInfo>();
  const upload = useUploadProgress();
  if (!currentUser) return null;

  const onAvatar = async (file: File) => {
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      message.error(AVATAR_TYPE_MESSAGE);
      return false;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      message.error('头像不能超过 2 MB');
      return false;
    }
    const done = await submitConfirmed(
      undefined,
      () => upload.track((onUploadProgress) => uploadAvatar(file, { onUploadProgress })),
      '头像上传失败',
      '头像已更新',
    );
    if (done) await fetchCurrent();
    return false;
  };

  return (
    <Card>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>基本信息</h1>
      <Space align="center" size={16} wrap style={{ marginBottom: 24 }}>
        <Avatar size={64} src={currentUser.avatar || undefined} icon={<UserOutlined aria-hidden />} alt="头像" />
        <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={onAvatar}>
          <Button icon={<UploadOutlined aria-hidden />} loading={upload.uploading}>
            更换头像
          </Button>
        </Upload>
        <UploadProgress percent={upload.percent} small style={{ width: 160 }} />
      </Space>
      <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
        <Descriptions.Item label="登录邮箱">{currentUser.email}</Descriptions.Item>
        <Descriptions.Item label="注册时间">{formatDay(currentUser.createdAt)}</Descriptions.Item>
      </Descriptions>
      <div style={{ maxWidth: 480 }}>
        {/* a page read more than edited: no field takes the focus (a phone would raise its keyboard over the page) */}
        <ProForm<BasicInfo>
          form={form}
          autoFocusFirstInput={false}
          initialValues={{
            nickname: currentUser.nickname,
            realName: currentUser.realName ?? '',
            school: currentUser.school ?? '',
            major: currentUser.major ?? '',
            degree: currentUser.degree ?? undefined,
            phone: currentUser.phone ?? '',
          }}
          submitter={submitOnly('保存')}
          onFinish={async (values) => {
            const done = await submitConfirmed(form, () => updateBasicInfo({ ...values, degree: values.degree ?? null }), '保存失败', '基本信息已保存');
            if (done) await fetchCurrent();
          }}
        >
          <ProFormText name="nickname" label="昵称" rules={nicknameRules} />
          <ProFormText name="realName" label="真实姓名" placeholder="用于论文封面，可不填" rules={[{ max: 40, message: '姓名最多 40 个字符' }]} />
          <ProFormText name="school" label="学校" placeholder="请输入学校全称" rules={[{ max: 80, message: '学校名称最多 80 个字符' }]} />
          <ProFormText name="major" label="专业" placeholder="如：汉语言文学" rules={[{ max: 80, message: '专业名称最多 80 个字符' }]} />
          <ProFormSelect name="degree" label="学历" placeholder="请选择" allowClear options={DEGREES.map((d) => ({ value: d, label: d }))} />
          <ProFormText name="phone" label="手机号" placeholder="可不填" rules={phoneRules} fieldProps={{ inputMode: 'tel' }} />
        </ProForm>
      </div>
    </Card>
  );
}
