import { useResult } from '@/hooks/useResult';
import { listDocuments } from '@/services/reading';
import { Button, Card, List, Skeleton } from 'antd';
import { Link } from 'umi';
import styles from '../index.less';

/** A short list of recommended papers beside the articles. */
export default function FeaturedDocuments() {
  const { data, error, reload } = useResult(() => listDocuments({ featured: true, pageSize: 6 }), []);
  return (
    <Card title={<h2 className={styles.cardHeading}>推荐范文</h2>} className={styles.card}>
      {error && !data ? (
        <Button type="link" onClick={reload}>
          推荐范文加载失败，点此重试
        </Button>
      ) : !data ? (
        <Skeleton active />
      ) : (
        <List
          size="small"
          dataSource={data.list}
          locale={{ emptyText: '暂无推荐范文' }}
          renderItem={(doc) => (
            <List.Item key={doc.id}>
              <List.Item.Meta title={<Link to={`/document/detail/${doc.id}`}>{doc.title}</Link>} description={`${doc.type} · ${doc.discipline} · ${doc.year}`} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
