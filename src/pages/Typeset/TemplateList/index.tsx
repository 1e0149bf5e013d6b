import LinkButton from '@/components/LinkButton';
import { CLEARABLE } from '@/components/iconLabels';
import { SearchOutlined } from '@ant-design/icons';
import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { listTemplates, type TemplateSummary } from '@/features/typeset/api';
import { formatFen } from '@/utils/money';
import { Button, Card, Col, Empty, Input, Row, Segmented, Select, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { paths } from '@/utils/paths';
import { Link } from 'umi';

/** The degrees a template may be for, in the order they are offered. */
const DEGREES = ['本科', '硕士', '博士', '期刊', '英文'];

/** /typeset/template-list: the templates as cards, filtered by degree and searched by name. */
export default function TemplateListPage() {
  const [degree, setDegree] = useState('全部');
  const [discipline, setDiscipline] = useState<string>();
  const [query, setQuery] = useState('');
  // the whole library, as the last unfiltered answer gave it: one call per load serves the cards and the filters
  const [library, setLibrary] = useState<TemplateSummary[]>();
  const { data, error, loading, reload } = useResult(async () => {
    const unfiltered = degree === '全部' && !discipline && !query;
    const answer = await listTemplates({ degree: unfiltered ? undefined : degree, discipline, q: query || undefined });
    if (unfiltered) setLibrary(answer.result);
    return answer;
  }, [degree, discipline, query]);
  // the disciplines there are templates for, from the whole library
  const disciplines = [...new Set((library ?? []).map((t) => t.discipline))];
  // the degrees there are templates for, in the usual order (all of them until the library is read)
  const present = library && new Set(library.map((t) => t.degree));
  const degrees = ['全部', ...(present ? [...DEGREES.filter((d) => present.has(d)), ...[...present].filter((d) => !DEGREES.includes(d))] : DEGREES)];

  return (
    <div style={{ padding: '8px 0 24px' }}>
      <Typography.Title level={1} style={{ fontSize: 26 }}>
        排版模板
      </Typography.Title>
      <Typography.Paragraph type="secondary">选一个与学校或期刊要求一致的模板，上传稿件，先免费预览排版效果，满意后再付款下载 Word 文档。</Typography.Paragraph>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, marginBottom: 16 }}>
        <Segmented
          aria-label="学历类型"
          value={degree}
          options={degrees}
          onChange={(v) => setDegree(String(v))}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <Select
          aria-label="学科"
          allowClear
          placeholder="全部学科"
          value={discipline}
          onChange={setDiscipline}
          options={disciplines.map((d) => ({ value: d, label: d }))}
          style={{ minWidth: 140 }}
        />
        <Input.Search
          aria-label="搜索模板"
          placeholder="搜索模板，如 硕士、APA、GB/T 7714"
          allowClear={CLEARABLE}
          enterButton={<Button icon={<SearchOutlined aria-hidden />} aria-label="搜索" />}
          onSearch={(v) => setQuery(v.trim())}
          style={{ maxWidth: 320 }}
        />
      </div>
      {error && !data ? (
        <LoadError what="模板" onRetry={reload} />
      ) : !data ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : data.length === 0 ? (
        <Empty description="没有符合条件的模板，换个学历类型或关键词试试">
          <Button onClick={() => (setDegree('全部'), setDiscipline(undefined), setQuery(''))}>查看全部模板</Button>
        </Empty>
      ) : (
        <Row gutter={[16, 16]} style={{ opacity: loading ? 0.6 : 1 }}>
          {data.map((t) => (
            <Col xs={24} md={12} xl={8} key={t.id}>
              <TemplateCard template={t} />
            </Col>
          ))}
        </Row>
      )}
    </div>
  );
}

/** A template as a card: its name and its button open it. */
function TemplateCard({ template: t }: { template: TemplateSummary }) {
  return (
    <Card
      title={
        <h2 style={{ margin: 0, fontSize: 17 }}>
          {/* the name opens the template too, as a card's title does on any site */}
          <Link to={paths.template(t.id)} style={{ color: 'inherit' }}>
            {t.name}
          </Link>
        </h2>
      }
      extra={<Tag color="blue">{t.degree}</Tag>}
      style={{ height: '100%' }}
    >
      <Typography.Paragraph type="secondary">{t.description}</Typography.Paragraph>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <strong style={{ fontSize: 18, color: '#1677ff' }}>{formatFen(t.priceFen)} / 篇</strong>
        <LinkButton to={paths.template(t.id)} type="primary">
          查看规范并使用
        </LinkButton>
      </div>
    </Card>
  );
}
