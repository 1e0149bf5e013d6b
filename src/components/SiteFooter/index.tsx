import { BRAND } from '@/constants';
import { Link } from 'umi';
import styles from './index.less';
import { paths } from '@/utils/paths';

/** The footer of every page (docs/ux.md): the agreement, how papers are protected, contact. */
export default function SiteFooter() {
  return (
    <footer className={styles.footer}>
      <p>
        <Link to={paths.agreement}>用户协议</Link>
        <span className={styles.sep}>·</span>
        <a href="mailto:support@zhinenglunwen.cn">联系我们 support@zhinenglunwen.cn</a>
      </p>
      <p>您上传的论文只用于您本人下单的查重和排版，不会收录进比对库，也不会给他人查看；30 天后自动删除，您也可以随时在个人中心删除。</p>
      <p>
        © {new Date().getFullYear()} {BRAND} · 论文网一站式服务平台
      </p>
    </footer>
  );
}
