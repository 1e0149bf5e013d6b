import styles from './index.less';

/**
 * An article's body as readers see it: HTML rendered from Markdown with raw HTML switched off
 * (common/markdown.ts), so it may be inserted. The article page and the back office's preview
 * show the same thing.
 */
export default function ArticleBody({ html }: { html: string }) {
  return <div className={styles.body} dangerouslySetInnerHTML={{ __html: html }} />;
}
