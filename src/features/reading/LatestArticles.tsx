import ListPager from '@/components/ListPager';
import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { listArticles } from '@/features/reading/api';
import { EyeOutlined } from '@ant-design/icons';
import ItemList from '@/components/ItemList';
import { Card, Space, Tabs } from 'antd';
import { Link } from 'umi';
import { choiceFrom, pageFrom, pageTo, useAddressParams } from '@/hooks/useAddressParams';
import { ARTICLE_CATEGORIES } from '../../../common/content';
import styles from './home.less';
import { paths } from '@/utils/paths';
import { useNarrowerThan } from '@/hooks/useNarrowerThan';

const PAGE_SIZE = 5;
const ALL = '全部';

/**
 * The newest articles, by category, paged on the server. The chosen category and page are kept in
 * the address (`?category=`, `?articles=`), so that back from an article, a reload and a shared
 * link show them again.
 */
export default function LatestArticles() {
  const [params, change] = useAddressParams();
  const category = choiceFrom(ARTICLE_CATEGORIES, params.get('category')) ?? ALL;
  const current = pageFrom(params.get('articles'));
  const show = (next: string, page: number) => change({ category: next === ALL ? undefined : next, articles: pageTo(page) });
  // on a phone the five tabs fit side by side, each label whole, with less space between them
  const phone = useNarrowerThan('sm');
  const { data, loading, error, reload } = useResult(
    () => listArticles({ category: category === ALL ? undefined : category, current, pageSize: PAGE_SIZE }),
    [category, current],
  );
  return (
    <Card title={<h2 className={styles.cardHeading}>最新文章</h2>} className={styles.card}>
      <Tabs
        activeKey={category}
        tabBarGutter={phone ? 12 : undefined}
        onChange={(key) => show(key, 1)}
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
      {data && <ListPager current={current} pageSize={PAGE_SIZE} total={data.total} onChange={(page) => show(category, page)} />}
    </Card>
  );
}
