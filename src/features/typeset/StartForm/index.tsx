import { useCurrentUser } from '@/features/account/useCurrentUser';
import { createTypeset, type CoverFields, type TemplateDetail } from '@/features/typeset/api';
import { manuscriptTitle } from '@/features/typeset/manuscriptTitle';
import UploadProgress from '@/components/UploadProgress';
import { useUploadProgress } from '@/hooks/useUploadProgress';
import { STYLE_PREFIX } from '@/constants';
import { bodyOfError } from '@/utils/errorHandler';
import { paperCount, paperRules } from '@/utils/formRules';
import { paths } from '@/utils/paths';
import { buildLoginUrl } from '@/utils/redirect';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, Row, Typography, Upload, type FormInstance, type InputRef } from 'antd';
import { useRef, useState } from 'react';
import { useNavigate } from 'umi';
import { MANUSCRIPT_MAX_CHARS, MANUSCRIPT_UPLOAD, refusalOf, TYPESET_MAX_ACTIVE, UPLOAD_MAX_MB } from '../../../../common/api';

type StartFields = CoverFields & { file?: never };

const NO_MANUSCRIPT = '请选择要排版的稿件';

const heading = <h2 style={{ margin: 0, fontSize: 16 }}>开始排版</h2>;

type CoverLine = TemplateDetail['coverFields'][number];

/** The cover lines besides title and author, by name; a template's form asks for those its cover shows. */
const COVER_LABELS: Record<CoverLine, string> = {
  studentNumber: '学号',
  school: '学校',
  major: '专业',
  supervisor: '指导教师',
  date: '日期',
};

/** The form's fields, as the server names them in a refusal. */
const FIELD_NAMES = new Set<string>(['file', 'title', 'author', ...Object.keys(COVER_LABELS)]);

/** Brings a field's row into view (the field's own element may be hidden: the file's input is). */
function showField(name: string) {
  document.getElementById(name)?.closest(`.${STYLE_PREFIX}-form-item`)?.scrollIntoView({ block: 'center' });
}

/** A visitor is asked to log in first. */
function LoginFirst() {
  return (
    <Card title={heading}>
      <Typography.Paragraph>登录后上传稿件，几十秒就能看到排版效果。</Typography.Paragraph>
      <Button type="primary" onClick={() => window.location.assign(buildLoginUrl(window.location.href))}>
        登录后开始排版
      </Button>
    </Card>
  );
}

/**
 * The title read from a manuscript goes into 论文题目 only while the student has left that field
 * alone: empty, and neither focused nor edited since the file was chosen (a title filled in under
 * their caret ran into what they typed next). Only the latest file's title is taken.
 */
function useTitleFill(form: FormInstance<StartFields>) {
  const input = useRef<InputRef>(null);
  const reading = useRef<{ touched: boolean }>(undefined);
  const touched = () => {
    if (reading.current) reading.current.touched = true;
  };
  const fillFrom = (file: File) => {
    const read = { touched: false };
    reading.current = read;
    manuscriptTitle(file).then((title) => {
      const focused = input.current?.input != null && document.activeElement === input.current.input;
      if (!title || reading.current !== read || read.touched || focused || form.getFieldValue('title')?.trim()) return;
      form.setFieldsValue({ title });
    });
  };
  return { fillFrom, titleProps: { ref: input, onFocus: touched, onChange: touched } };
}

/** The manuscript: refused at once when it is not one the server takes. */
function ManuscriptField({ form, file, onFile }: { form: FormInstance<StartFields>; file?: File; onFile: (file: File) => void }) {
  const choose = (chosen: File) => {
    const refusal = refusalOf(MANUSCRIPT_UPLOAD, chosen);
    if (refusal) form.setFields([{ name: 'file', errors: [refusal] }]);
    else {
      onFile(chosen);
      form.setFields([{ name: 'file', errors: [] }]);
    }
    return false;
  };
  return (
    <Form.Item
      label="稿件"
      name="file"
      required
      // checked with the other fields, so that one submit names everything missing; only then
      // (choosing a file says its own refusal)
      rules={[{ validator: () => (file ? Promise.resolve() : Promise.reject(new Error(NO_MANUSCRIPT))) }]}
      validateTrigger={[]}
    >
      <Upload.Dragger accept={MANUSCRIPT_UPLOAD.accept} showUploadList={false} aria-label="上传稿件" beforeUpload={choose}>
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p>{file ? `已选择：${file.name}` : '点击或拖入稿件'}</p>
        <p style={{ color: 'rgba(0,0,0,.45)' }}>
          .docx（Word 标题样式最佳）、.md 或 .txt，不超过 {UPLOAD_MAX_MB} MB、{MANUSCRIPT_MAX_CHARS / 10_000} 万字
        </p>
        <p style={{ color: 'rgba(0,0,0,.45)' }}>每个账号同时最多排版 {TYPESET_MAX_ACTIVE} 份稿件</p>
      </Upload.Dragger>
    </Form.Item>
  );
}

/**
 * The manuscript and the cover fields the template's cover shows, prefilled with the user's 基本信息
 * and the manuscript's own title (never over what the student typed); a visitor is asked to log in first.
 */
export default function StartForm({ templateId, coverFields }: { templateId: string; coverFields: CoverLine[] }) {
  const { currentUser } = useCurrentUser();
  const navigate = useNavigate();
  const [form] = Form.useForm<StartFields>();
  const [file, setFile] = useState<File>();
  const upload = useUploadProgress();
  const [failure, setFailure] = useState<string>();
  const { fillFrom, titleProps } = useTitleFill(form);

  if (!currentUser) return <LoginFirst />;

  const submit = async (fields: CoverFields) => {
    if (!file) return form.setFields([{ name: 'file', errors: [NO_MANUSCRIPT] }]);
    setFailure(undefined);
    try {
      const { result } = await upload.track((onUploadProgress) => createTypeset(templateId, fields, file, { onUploadProgress }));
      navigate(paths.typesetPreview(result.id));
    } catch (error) {
      const body = bodyOfError(error);
      const fieldErrors = Object.entries(body?.errors ?? {});
      const ours = fieldErrors.filter(([name]) => FIELD_NAMES.has(name));
      const others = fieldErrors.filter(([name]) => !FIELD_NAMES.has(name));
      if (ours.length) {
        // said once, beside its field, which is brought into view (on a phone the file is screens above the button)
        form.setFields(ours.map(([name, message]) => ({ name: name as 'title', errors: [message] })));
        showField(ours[0][0]);
      }
      // a problem with no field of this form to stand beside is said above the button
      if (others.length || !fieldErrors.length) setFailure(others[0]?.[1] ?? body?.message ?? '提交失败，请检查网络后重试');
    }
  };

  return (
    <Card title={heading}>
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ author: currentUser.realName ?? undefined, school: currentUser.school ?? undefined, major: currentUser.major ?? undefined }}
      >
        <ManuscriptField
          form={form}
          file={file}
          onFile={(chosen) => {
            setFile(chosen);
            fillFrom(chosen);
          }}
        />
        <Form.Item name="title" label="论文题目" rules={paperRules('title', '请填写论文题目')}>
          <Input count={paperCount('title')} {...titleProps} />
        </Form.Item>
        <Form.Item name="author" label="作者" rules={paperRules('author', '请填写作者姓名')}>
          <Input count={paperCount('author')} />
        </Form.Item>
        <Row gutter={12}>
          {coverFields.map((name) => (
            <Col xs={24} sm={12} key={name}>
              <Form.Item name={name} label={COVER_LABELS[name]} rules={paperRules(name)}>
                <Input count={paperCount(name)} placeholder={name === 'date' ? '如 2026年5月' : undefined} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        <UploadProgress percent={upload.percent} />
        {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" size="large" loading={upload.uploading}>
          上传并排版
        </Button>
      </Form>
    </Card>
  );
}
