import { Spin } from 'antd';
import type { ReactNode } from 'react';
import styles from './index.less';

export interface ItemEntry {
  key: string;
  title: ReactNode;
  description?: ReactNode;
  /** a short text under the title, cut after two lines */
  body?: ReactNode;
}

interface Props {
  items: ItemEntry[];
  loading?: boolean;
  emptyText: string;
  size?: 'default' | 'small';
}

/**
 * A list of links with a line of description (articles, papers, search hits). Plain markup rather
 * than antd's List, which brings its pager and that pager's Select onto the home page (issue 13).
 */
export default function ItemList({ items, loading = false, emptyText, size = 'default' }: Props) {
  return (
    <Spin spinning={loading}>
      {items.length === 0 ? (
        <p className={styles.empty}>{loading ? '' : emptyText}</p>
      ) : (
        <ul className={`${styles.list} ${size === 'small' ? styles.small : ''}`}>
          {items.map((item) => (
            <li key={item.key} className={styles.item}>
              <div className={styles.title}>{item.title}</div>
              {item.description && <div className={styles.description}>{item.description}</div>}
              {item.body && <p className={styles.body}>{item.body}</p>}
            </li>
          ))}
        </ul>
      )}
    </Spin>
  );
}
