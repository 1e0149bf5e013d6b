import LoadError from '@/components/LoadError';
import { getTemplate } from '@/features/typeset/api';
import { PAGES_CARD_BODY } from '@/features/typeset/PagePictures';
import SamplePages from '@/features/typeset/SamplePages';
import StartForm from '@/features/typeset/StartForm';
import { useResult } from '@/hooks/useResult';
import { formatFen } from '@/utils/money';
import { paths } from '@/utils/paths';
import { usePageTitle } from '@/utils/title';
import { Breadcrumb, Card, Col, Row, Skeleton, Table, Tag, Typography } from 'antd';
import { Link, useParams } from 'umi';

/** /typeset/template-detail/{templateId}: the template's rules, sample pages, and the start of a typeset. */
export default function TemplateDetailPage() {
  const { templateId = '' } = useParams<{ templateId: string }>();
  const { data: template, error, reload } = useResult(() => getTemplate(templateId), [templateId]);
  usePageTitle(template?.id === templateId ? template.name : undefined);
  if (error && !template) return <LoadError what="模板" onRetry={reload} />;
  if (!template || template.id !== templateId) return <Skeleton active paragraph={{ rows: 12 }} />;
  return (
    <div style={{ padding: '8px 0 24px', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
      <Breadcrumb items={[{ title: <Link to={paths.templateList}>排版模板</Link> }, { title: template.name }]} />
      <Card>
        <h1 style={{ fontSize: 24, marginTop: 0 }}>
          {template.name} <Tag color="blue">{template.degree}</Tag>
        </h1>
        <Typography.Paragraph type="secondary">{template.description}</Typography.Paragraph>
        <Typography.Text strong style={{ fontSize: 18, color: '#1677ff' }}>
          {formatFen(template.priceFen)} / 篇，预览免费，满意再付款
        </Typography.Text>
      </Card>
      {/* stacked (below lg: phones, tablets), the form comes first: the rules are two screens long, and the form is why the student came */}
      <Row gutter={[16, 16]}>
        <Col xs={{ span: 24, order: 2 }} lg={{ span: 12, order: 1 }}>
          <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>排版规范</h2>}>
            <Table
              rowKey="item"
              size="small"
              pagination={false}
              dataSource={template.rules}
              columns={[
                { title: '项目', dataIndex: 'item', width: 110 },
                { title: '要求', dataIndex: 'rule' },
              ]}
            />
          </Card>
        </Col>
        <Col xs={{ span: 24, order: 1 }} lg={{ span: 12, order: 2 }}>
          <StartForm templateId={template.id} coverFields={template.coverFields} />
        </Col>
      </Row>
      <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>样张</h2>} styles={{ body: PAGES_CARD_BODY }}>
        <SamplePages templateId={template.id} />
      </Card>
    </div>
  );
}
