import Brand from '@/components/Brand';
import PageOutlet from '@/components/PageOutlet';
import SiteFooter from '@/components/SiteFooter';
import styles from './UserLayout.less';

/** The account layout: login, register, agreement and reset pages on a quiet background. */
export default function UserLayout() {
  return (
    <div className={styles.container}>
      <header className={styles.header}>
        <Brand />
        <p className={styles.slogan}>论文查重 · 论文排版 · 范文阅读，一站办好</p>
      </header>
      <main className={styles.main}>
        <PageOutlet />
      </main>
      <SiteFooter />
    </div>
  );
}
