import { Pagination } from 'antd';
import styles from './index.less';

/** The pager under a server-paged list (English labels from the app's locale, SPEC §9). */
export default function ListPager(props: { current: number; pageSize: number; total: number; onChange: (page: number) => void }) {
  return <Pagination className={styles.pager} {...props} hideOnSinglePage showSizeChanger={false} />;
}
