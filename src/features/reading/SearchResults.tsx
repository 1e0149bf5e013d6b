import Highlight from '@/features/reading/Highlight';
import ListPager from '@/components/ListPager';
import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { search, type SearchKind } from '@/features/reading/api';
import ItemList from '@/components/ItemList';
import { Button, Empty, Skeleton, Tabs } from 'antd';
import { Link } from 'umi';
import { paths } from '@/utils/paths';
import styles from './home.less';

const PAGE_SIZE = 10;
const DETAIL: Record<SearchKind, (id: string) => string> = { article: paths.article, document: paths.document };

interface Props {
  query: string;
  kind?: SearchKind;
  current: number;
  onChange: (change: { kind?: SearchKind; current: number }) => void;
  onClear: () => void;
}

/** Search results on the home page: articles and papers in two tabs, matched words marked. */
export default function SearchResults({ query, kind, current, onChange, onClear }: Props) {
  const { data, loading, error, reload } = useResult(
    // a refusal (a query too long) is said by LoadError below, once
    () => search({ q: query, kind, current, pageSize: PAGE_SIZE }, { refusalShownByPage: true }),
    [query, kind, current],
  );

  if (error && !data)
    return (
      <LoadError what="搜索结果" onRetry={reload} error={error}>
        <Button type="primary" onClick={onClear}>
          返回首页
        </Button>
      </LoadError>
    );
  if (!data) return <Skeleton active paragraph={{ rows: 6 }} />;

  const nothing = data.counts.article + data.counts.document === 0;
  return (
    <section aria-label="搜索结果" className={styles.results}>
      <h2 className={styles.sectionTitle}>“{query}”的搜索结果</h2>
      {nothing ? (
        <Empty description={`没有找到与“${query}”相关的文章或范文。换个说法，或减少几个词试试。`}>
          <Button type="primary" onClick={onClear}>
            返回首页
          </Button>
        </Empty>
      ) : (
        <>
          <Tabs
            activeKey={data.kind}
            onChange={(key) => onChange({ kind: key as SearchKind, current: 1 })}
            items={[
              { key: 'article', label: `文章（${data.counts.article}）` },
              { key: 'document', label: `范文（${data.counts.document}）` },
            ]}
          />
          {/* a new tab, page or query: the old results do not stand in for the new ones */}
          {loading ? (
            <Skeleton active paragraph={{ rows: 6 }} />
          ) : (
            <>
              <ItemList
                emptyText={data.kind === 'article' ? '没有相关文章，看看范文吧' : '没有相关范文，看看文章吧'}
                items={data.list.map((hit) => ({
                  key: hit.id,
                  title: (
                    <Link to={DETAIL[hit.kind](hit.id)}>
                      <Highlight text={hit.title} terms={data.terms} />
                    </Link>
                  ),
                  description: hit.subtitle,
                  body: <Highlight text={hit.snippet} terms={data.terms} />,
                }))}
              />
              <ListPager current={data.current} pageSize={PAGE_SIZE} total={data.total} onChange={(page) => onChange({ kind: data.kind, current: page })} />
            </>
          )}
        </>
      )}
    </section>
  );
}
