import { pagerItemRender } from '@/components/iconLabels';
import ReadingSheet from '@/features/reading/ReadingSheet';
import RelatedCard from '@/features/reading/RelatedCard';
import { documentFileUrl, getDocument, type DocumentDetail } from '@/features/reading/api';
import { useReadingItem } from '@/features/reading/useReadingItem';
import ReadingColumns from '@/features/reading/ReadingColumns';
import { DownloadOutlined } from '@ant-design/icons';
import { Button, Descriptions, Pagination, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { Link, useParams, useSearchParams } from 'umi';
import { documentMeta } from '@/features/reading/DocumentItem';
import styles from './index.less';
import { pagesOf } from './paging';
import { paths } from '@/utils/paths';

type Page = ReturnType<typeof pagesOf>[number];

/** The catalogue: authors, year, type and discipline, the abstract, the keywords and the original file. */
function Catalogue({ doc }: { doc: DocumentDetail }) {
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} className={styles.catalogue}>
        <Descriptions.Item label="作者">{doc.authors.join('、') || '佚名'}</Descriptions.Item>
        <Descriptions.Item label="年份">{doc.year}</Descriptions.Item>
        <Descriptions.Item label="类型">{doc.type}</Descriptions.Item>
        <Descriptions.Item label="学科">{doc.discipline}</Descriptions.Item>
      </Descriptions>
      {doc.abstract && (
        <section aria-labelledby="abstract-heading" className={styles.abstract}>
          <h2 id="abstract-heading">摘要</h2>
          <p>{doc.abstract}</p>
        </section>
      )}
      {doc.keywords.length > 0 && (
        <Space size={[4, 8]} wrap aria-label="关键词">
          <span className={styles.label}>关键词：</span>
          {doc.keywords.map((keyword) => (
            <Tag key={keyword}>{keyword}</Tag>
          ))}
        </Space>
      )}
      {doc.fileName && (
        <div className={styles.download}>
          <Button icon={<DownloadOutlined aria-hidden />} href={documentFileUrl(doc.id)}>
            下载原文（{doc.fileName}）
          </Button>
        </div>
      )}
    </>
  );
}

/** The full text, one page of it at a time, with the pager under it. */
function FullText({ pages, page, onTurn }: { pages: Page[]; page: number; onTurn: (next: number) => void }) {
  return (
    <section id="full-text" aria-labelledby="full-text-heading" className={styles.fullText}>
      <div className={styles.fullTextHead}>
        <h2 id="full-text-heading">全文</h2>
        <span className={styles.label}>
          第 {page} / {pages.length} 页
        </span>
      </div>
      {pages[page - 1]?.map((paragraph, i) => (paragraph.heading ? <h3 key={i}>{paragraph.text}</h3> : <p key={i}>{paragraph.text}</p>))}
      <Pagination
        current={page}
        pageSize={1}
        total={pages.length}
        onChange={onTurn}
        hideOnSinglePage
        showSizeChanger={false}
        size="small"
        className={styles.pager}
        itemRender={pagerItemRender}
      />
    </section>
  );
}

/** /document/detail/{documentId}: catalogue data, abstract, keywords, the full text page by page, related papers. */
export default function DocumentDetailPage() {
  const { documentId = '' } = useParams<{ documentId: string }>();
  const [params, setParams] = useSearchParams();
  const { item: doc, placeholder } = useReadingItem(documentId, getDocument, '范文', 14);
  const pages = useMemo(() => (doc ? pagesOf(doc.fullText) : []), [doc]);
  const page = Math.min(Math.max(1, Number(params.get('page')) || 1), Math.max(1, pages.length));
  if (!doc) return placeholder;

  const turnTo = (next: number) => {
    setParams(next > 1 ? { page: String(next) } : {});
    document.getElementById('full-text')?.scrollIntoView?.({ behavior: 'smooth' });
  };

  return (
    <ReadingColumns
      aside={
        <>
          <RelatedCard
            title="相关范文"
            emptyText="暂无相关范文"
            more={{ to: paths.papersOf(doc.discipline), label: `看看${doc.discipline}的其他范文` }}
            items={doc.related.map((item) => ({ id: item.id, title: item.title, to: paths.document(item.id), description: `${item.type} · ${item.year}` }))}
          />
          <Typography.Paragraph type="secondary" className={styles.aside}>
            范文仅供学习参考。提交前<Link to={paths.reviewHome}>查一查重复率</Link>，心里更有底。
          </Typography.Paragraph>
        </>
      }
    >
      <ReadingSheet trail={['范文库', doc.discipline]} title={doc.title}>
        <Typography.Paragraph type="secondary">{documentMeta(doc)}</Typography.Paragraph>
        <Catalogue doc={doc} />
        <FullText pages={pages} page={page} onTurn={turnTo} />
      </ReadingSheet>
    </ReadingColumns>
  );
}
