import LinkButton from '@/components/LinkButton';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import type { SearchKind } from '@/features/reading/api';
import { FileSearchOutlined, FileWordOutlined } from '@ant-design/icons';
import { Card, Col, Row } from 'antd';
import { useSearchParams } from 'umi';
import DocumentLibrary from '@/features/reading/DocumentLibrary';
import FeaturedDocuments from '@/features/reading/FeaturedDocuments';
import LatestArticles from '@/features/reading/LatestArticles';
import SearchBox from '@/features/reading/SearchBox';
import SearchResults from '@/features/reading/SearchResults';
import styles from '@/features/reading/home.less';
import { paths } from '@/utils/paths';
import { pageFrom, pageTo } from '@/hooks/useAddressParams';

const services = [
  {
    key: 'review',
    icon: <FileSearchOutlined aria-hidden />,
    title: '论文查重',
    text: '上传论文，与范文库逐段比对，给出总体相似度、逐章结果和每一处相似来源。',
    to: paths.reviewHome,
    action: '开始查重',
  },
  {
    key: 'typeset',
    icon: <FileWordOutlined aria-hidden />,
    title: '论文排版',
    text: '选择学校或期刊模板，上传初稿，自动生成符合格式要求的 Word 文档，先预览再付款。',
    to: paths.templateList,
    action: '选择模板',
  },
];

/**
 * Home (`/` and `/home`): the two services, the newest articles, recommended papers and the
 * library; with `?q=` it shows search results instead (`kind` and `page` keep the tab and page).
 */
export default function HomePage() {
  const { currentUser } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const kind = (['article', 'document'] as const).find((k) => k === params.get('kind'));
  const page = pageFrom(params.get('page'));

  const showResults = (change: { q?: string; kind?: SearchKind; current?: number }) => {
    const q = change.q ?? query;
    if (!q) return setParams({});
    const next: Record<string, string> = { q };
    if (change.kind) next.kind = change.kind;
    const at = pageTo(change.current ?? 1);
    if (at) next.page = at;
    setParams(next);
    window.scrollTo?.(0, 0);
  };

  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <h1 className={styles.title}>论文网一站式服务平台</h1>
        <p className={styles.lead}>
          {currentUser ? `${currentUser.nickname}，欢迎回来。` : ''}
          查重、排版、范文阅读，一个地方办好；价格付款前就清楚，进度随时能看。
        </p>
        <div className={styles.search}>
          <SearchBox query={query} onSearch={(q) => showResults({ q })} />
        </div>
      </section>
      {query ? (
        <SearchResults query={query} kind={kind} current={page} onChange={(change) => showResults(change)} onClear={() => setParams({})} />
      ) : (
        <Row gutter={[16, 16]}>
          {services.map((service) => (
            <Col xs={24} md={12} key={service.key}>
              <Card className={styles.card}>
                <div className={styles.icon} aria-hidden>
                  {service.icon}
                </div>
                <h2 className={styles.cardTitle}>{service.title}</h2>
                <p className={styles.cardText}>{service.text}</p>
                <LinkButton to={service.to} type="primary">
                  {service.action}
                </LinkButton>
              </Card>
            </Col>
          ))}
          <Col xs={24} lg={16}>
            <LatestArticles />
          </Col>
          <Col xs={24} lg={8}>
            <FeaturedDocuments />
          </Col>
          <Col xs={24}>
            <DocumentLibrary />
          </Col>
        </Row>
      )}
    </div>
  );
}
