import { BRAND } from '@/constants';
import { Link } from 'umi';
import styles from './index.less';

/** The 智能论文 mark, linking home. */
export default function Brand({ light = false }: { light?: boolean }) {
  return (
    <Link to="/" className={styles.brand} aria-label={`${BRAND} 首页`} style={light ? { color: '#fff' } : undefined}>
      <span className={styles.logo} aria-hidden>
        智
      </span>
      <span>{BRAND}</span>
    </Link>
  );
}
