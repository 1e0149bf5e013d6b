import type { ReactNode } from 'react';
import styles from './index.less';

/** The white card of the account pages, with the page's heading; `footer`, the ways to the other account pages under the form. */
export default function AuthCard({ title, subTitle, children, footer }: { title: string; subTitle?: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <section style={{ maxWidth: 420, margin: '0 auto', background: '#fff', borderRadius: 8, padding: '24px 24px 16px' }}>
      <h1 style={{ fontSize: 24, margin: 0, textAlign: 'center' }}>{title}</h1>
      {subTitle && <p style={{ color: 'rgba(0,0,0,0.45)', textAlign: 'center', margin: '8px 0 0' }}>{subTitle}</p>}
      <div style={{ marginTop: 24 }}>{children}</div>
      {footer && <div className={styles.footer}>{footer}</div>}
    </section>
  );
}
