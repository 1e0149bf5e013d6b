import { Breadcrumb } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'umi';
import styles from './index.less';

/** The white sheet an article or a paper is read on: where it sits, its title, then the content. */
export default function ReadingSheet({
  trail,
  title,
  children,
  as: Tag = 'div',
}: {
  trail: string[];
  title: string;
  children: ReactNode;
  as?: 'div' | 'article';
}) {
  return (
    <Tag className={styles.sheet}>
      <Breadcrumb items={[{ title: <Link to="/">首页</Link> }, ...trail.map((t) => ({ title: t }))]} />
      <h1 className={styles.title}>{title}</h1>
      {children}
    </Tag>
  );
}
