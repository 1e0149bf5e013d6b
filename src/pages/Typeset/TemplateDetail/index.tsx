import DocxPages from '@/features/typeset/DocxPages';
import LoadError from '@/components/LoadError';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import { useResult } from '@/hooks/useResult';
import { createTypeset, getTemplate, sampleUrl, type CoverFields } from '@/features/typeset/api';
import { bodyOfError } from '@/utils/errorHandler';
import { formatFen } from '@/utils/money';
import { buildLoginUrl } from '@/utils/redirect';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Breadcrumb, Button, Card, Col, Form, Input, Progress, Row, Skeleton, Table, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'umi';
import { MANUSCRIPT_UPLOAD, refusalOf, UPLOAD_MAX_MB } from '../../../../common/api';
import { manuscriptTitle } from '@/features/typeset/manuscriptTitle';

/** /typeset/template-detail/{templateId}: the template's rules, sample pages, and the start of a typeset. */
export default function TemplateDetailPage() {
  const { templateId = '' } = useParams<{ templateId: string }>();
  const { data: template, error, reload } = useResult(() => getTemplate(templateId), [templateId]);
  if (error && !template) return <LoadError what="模板" onRetry={reload} />;
  if (!template || template.id !== templateId) return <Skeleton active paragraph={{ rows: 12 }} />;
  return (
    <div style={{ padding: '8px 0 24px', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
      <Breadcrumb items={[{ title: <Link to="/typeset/template-list">排版模板</Link> }, { title: template.name }]} />
      <Card>
        <h1 style={{ fontSize: 24, marginTop: 0 }}>
          {template.name} <Tag color="blue">{template.degree}</Tag>
        </h1>
        <Typography.Paragraph type="secondary">{template.description}</Typography.Paragraph>
        <Typography.Text strong style={{ fontSize: 18, color: '#1677ff' }}>
          {formatFen(template.priceFen)} / 篇，预览免费，满意再付款
        </Typography.Text>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>排版规范</h2>}>
            <Table rowKey="item" size="small" pagination={false} dataSource={template.rules} columns={[{ title: '项目', dataIndex: 'item', width: 110 }, { title: '要求', dataIndex: 'rule' }]} />
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <StartForm templateId={template.id} />
        </Col>
      </Row>
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>样张</h2>}>
        <DocxPages url={sampleUrl(template.id)} />
      </Card>
    </div>
  );
}

/**
 * The manuscript and the cover fields, prefilled with the user's 基本信息 and the manuscript's own
 * title (never over what the student typed); a visitor is asked to log in first.
 */
function StartForm({ templateId }: { templateId: string }) {
  const { currentUser } = useCurrentUser();
  const navigate = useNavigate();
  const [form] = Form.useForm<CoverFields & { file?: never }>();
  const [file, setFile] = useState<File>();
  const [progress, setProgress] = useState<number>();
  const [failure, setFailure] = useState<string>();

  if (!currentUser) {
    return (
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>开始排版</h2>}>
        <Typography.Paragraph>登录后上传稿件，几十秒就能看到排版效果。</Typography.Paragraph>
        <Button type="primary" onClick={() => window.location.assign(buildLoginUrl(window.location.href))}>
          登录后开始排版
        </Button>
      </Card>
    );
  }

  const submit = async (fields: CoverFields) => {
    if (!file) return form.setFields([{ name: 'file', errors: ['请选择要排版的稿件'] }]);
    setFailure(undefined);
    setProgress(0);
    try {
      const { result } = await createTypeset(templateId, fields, file, { onUploadProgress: (e) => setProgress(e.total ? Math.round((e.loaded / e.total) * 100) : 0) });
      navigate(`/typeset/preview/${result.id}`);
    } catch (error) {
      const body = bodyOfError(error);
      if (body?.errors) form.setFields(Object.entries(body.errors).map(([name, message]) => ({ name: name as 'title', errors: [message] })));
      setFailure(body?.message ?? '提交失败，请检查网络后重试');
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>开始排版</h2>}>
      <Form form={form} layout="vertical" onFinish={submit} initialValues={{ author: currentUser.realName ?? undefined, school: currentUser.school ?? undefined, major: currentUser.major ?? undefined }}>
        <Form.Item label="稿件" name="file" required>
          <Upload.Dragger
            accept={MANUSCRIPT_UPLOAD.accept}
            showUploadList={false}
            aria-label="上传稿件"
            beforeUpload={(chosen) => {
              const refusal = refusalOf(MANUSCRIPT_UPLOAD, chosen);
              if (refusal) form.setFields([{ name: 'file', errors: [refusal] }]);
              else {
                setFile(chosen);
                form.setFields([{ name: 'file', errors: [] }]);
                manuscriptTitle(chosen).then((title) => {
                  if (title && !form.getFieldValue('title')?.trim()) form.setFieldsValue({ title });
                });
              }
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p>{file ? `已选择：${file.name}` : '点击或拖入稿件'}</p>
            <p style={{ color: 'rgba(0,0,0,.45)' }}>.docx（Word 标题样式最佳）、.md 或 .txt，不超过 {UPLOAD_MAX_MB} MB</p>
          </Upload.Dragger>
        </Form.Item>
        <Form.Item name="title" label="论文题目" rules={[{ required: true, whitespace: true, message: '请填写论文题目' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="author" label="作者" rules={[{ required: true, whitespace: true, message: '请填写作者姓名' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <Row gutter={12}>
          {(
            [
              ['studentNumber', '学号'],
              ['school', '学校'],
              ['major', '专业'],
              ['supervisor', '指导教师'],
              ['date', '日期'],
            ] as const
          ).map(([name, label]) => (
            <Col xs={24} sm={12} key={name}>
              <Form.Item name={name} label={label}>
                <Input maxLength={80} placeholder={name === 'date' ? '如 2026年5月' : undefined} />
              </Form.Item>
            </Col>
          ))}
        </Row>
        {progress !== undefined && <Progress percent={progress} status="active" aria-label="上传进度" />}
        {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 12 }} />}
        <Button type="primary" htmlType="submit" size="large" loading={progress !== undefined}>
          上传并排版
        </Button>
      </Form>
    </Card>
  );
}
