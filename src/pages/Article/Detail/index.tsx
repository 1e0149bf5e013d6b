import ArticleBody from '@/components/ArticleBody';
import ReadingSheet from '@/features/reading/ReadingSheet';
import RelatedCard from '@/features/reading/RelatedCard';
import { getArticle } from '@/features/reading/api';
import { useReadingItem } from '@/features/reading/useReadingItem';
import ReadingColumns from '@/features/reading/ReadingColumns';
import { EyeOutlined } from '@ant-design/icons';
import { Space, Tag, Typography } from 'antd';
import { Link, useParams } from 'umi';
import styles from './index.less';
import { paths } from '@/utils/paths';

/** /article/detail/{articleId}: the article, its meta line, previous/next and related articles. */
export default function ArticleDetailPage() {
  const { articleId = '' } = useParams<{ articleId: string }>();
  const { item: article, placeholder } = useReadingItem(articleId, getArticle, '文章', 12);
  if (!article) return placeholder;

  return (
    <ReadingColumns
      aside={
        <>
          <RelatedCard
            title="相关文章"
            emptyText="暂无相关文章"
            more={{ to: paths.articlesOf(article.category), label: `看看${article.category}的其他文章` }}
            items={article.related.map((item) => ({ id: item.id, title: item.title, to: paths.article(item.id) }))}
          />
          <Typography.Paragraph type="secondary" className={styles.aside}>
            写完了？<Link to={paths.reviewHome}>去查重</Link> 或 <Link to={paths.templateList}>一键排版</Link>。
          </Typography.Paragraph>
        </>
      }
    >
      <ReadingSheet as="article" trail={[article.category]} title={article.title}>
        <Space size={12} wrap className={styles.meta}>
          <Tag color="blue">{article.category}</Tag>
          <span>{article.author}</span>
          <time dateTime={article.publishedAt}>{article.publishedAt.slice(0, 10)}</time>
          <span>
            <EyeOutlined aria-hidden /> 阅读 {article.viewCount}
          </span>
        </Space>
        {/* server-rendered Markdown with raw HTML switched off: nothing executable reaches here */}
        <ArticleBody html={article.html} />
        {article.tags.length > 0 && (
          <Space size={[4, 8]} wrap>
            {article.tags.map((tag) => (
              <Tag key={tag}>{tag}</Tag>
            ))}
          </Space>
        )}
        <nav aria-label="上一篇和下一篇" className={styles.neighbours}>
          <div>上一篇：{article.previous ? <Link to={paths.article(article.previous.id)}>{article.previous.title}</Link> : '没有了'}</div>
          <div>下一篇：{article.next ? <Link to={paths.article(article.next.id)}>{article.next.title}</Link> : '没有了'}</div>
        </nav>
      </ReadingSheet>
    </ReadingColumns>
  );
}
