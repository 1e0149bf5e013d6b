import ListPager from '@/components/ListPager';
import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { listArticles } from '@/features/reading/api';
import { EyeOutlined } from '@ant-design/icons';
import ItemList from '@/components/ItemList';
import { Card, Space, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'umi';
import { ARTICLE_CATEGORIES, type ArticleCategory } from '../../../common/content';
import styles from './home.less';
import { paths } from '@/utils/paths';

const PAGE_SIZE = 5;
const ALL = '全部';

/** The newest articles, by category, paged on the server. */
export default function LatestArticles() {
  const [category, setCategory] = useState<ArticleCategory | typeof ALL>(ALL);
  const [current, setCurrent] = useState(1);
  const { data, loading, error, reload } = useResult(
    () => listArticles({ category: category === ALL ? undefined : category, current, pageSize: PAGE_SIZE }),
    [category, current],
  );
  return (
    <Card title={<h2 className={styles.cardHeading}>最新文章</h2>} className={styles.card}>
      <Tabs
        activeKey={category}
        onChange={(key) => {
          setCategory(key as ArticleCategory);
          setCurrent(1);
        }}
        items={[ALL, ...ARTICLE_CATEGORIES].map((c) => ({ key: c, label: c }))}
      />
      {error && !data ? (
        <LoadError what="文章" onRetry={reload} />
      ) : (
        <ItemList
          loading={loading}
          emptyText="这个栏目还没有文章，看看其他栏目吧"
          items={(data?.list ?? []).map((article) => ({
            key: article.id,
            title: <Link to={paths.article(article.id)}>{article.title}</Link>,
            description: (
              <Space size={12} wrap className={styles.meta}>
                <span>{article.category}</span>
                <span>{article.publishedAt.slice(0, 10)}</span>
                <span>
                  <EyeOutlined aria-label="阅读" /> {article.viewCount}
                </span>
              </Space>
            ),
            body: article.summary,
          }))}
        />
      )}
      {data && <ListPager current={current} pageSize={PAGE_SIZE} total={data.total} onChange={setCurrent} />}
    </Card>
  );
}
