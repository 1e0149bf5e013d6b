import { useResult } from '@/hooks/useResult';
import { listDocuments } from '@/features/reading/api';
import ItemList from '@/components/ItemList';
import { Button, Card, Skeleton } from 'antd';
import { Link } from 'umi';
import styles from './home.less';
import { paths } from '@/utils/paths';

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
        <ItemList
          size="small"
          emptyText="暂无推荐范文"
          items={data.list.map((doc) => ({
            key: doc.id,
            title: <Link to={paths.document(doc.id)}>{doc.title}</Link>,
            description: `${doc.type} · ${doc.discipline} · ${doc.year}`,
          }))}
        />
      )}
    </Card>
  );
}
