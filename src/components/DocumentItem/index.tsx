import type { DocumentSummary } from '@/services/reading';
import { List, Space, Tag, Typography } from 'antd';
import { Link } from 'umi';

/** A paper's catalogue line: authors · year · type · discipline · length. */
export function documentMeta(doc: DocumentSummary) {
  return [doc.authors.join('、') || '佚名', doc.year, doc.type, doc.discipline, `${doc.charCount.toLocaleString('zh-CN')} 字`].join(' · ');
}

/** One paper in a list: title, catalogue line, the start of its abstract. */
export default function DocumentItem({ doc }: { doc: DocumentSummary }) {
  return (
    <List.Item key={doc.id}>
      <List.Item.Meta
        title={
          <Space size={8} wrap>
            <Link to={`/document/detail/${doc.id}`}>{doc.title}</Link>
            {doc.featured && <Tag color="gold">推荐</Tag>}
          </Space>
        }
        description={documentMeta(doc)}
      />
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: '4px 0 0' }}>
        {doc.excerpt}
      </Typography.Paragraph>
    </List.Item>
  );
}

