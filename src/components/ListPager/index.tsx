import { PAGINATION_LOCALE } from '@/constants';
import styles from './index.less';

interface Props {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}

/** The page numbers to show: the first, the last, and the current one with its neighbours. */
export function visiblePages(current: number, last: number): Array<number | 'gap'> {
  const wanted = new Set([1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last));
  const pages = [...wanted].sort((a, b) => a - b);
  return pages.flatMap((page, i) => (i > 0 && page - pages[i - 1] > 1 ? (['gap', page] as const) : [page]));
}

/** How far a gap's control jumps, as antd's pager does (its labels: Previous 5 Pages, Next 5 Pages). */
const JUMP = 5;

/**
 * The pager under a server-paged list, with the spec's English labels (docs/spec.md §9). A small list of
 * buttons rather than antd's Pagination: these lists are on the home page, and antd's pager brings
 * its whole Select along for a size changer they do not have (issue 13, first-load weight). A gap in
 * the page numbers is a control that jumps five pages back or on, as antd's is.
 */
export default function ListPager({ current, pageSize, total, onChange }: Props) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last <= 1) return null;
  const go = (page: number) => page >= 1 && page <= last && page !== current && onChange(page);
  return (
    <nav aria-label="分页">
      <ul className={styles.pager}>
        <li title={PAGINATION_LOCALE.prev_page} aria-disabled={current === 1} onClick={() => go(current - 1)}>
          <button type="button" disabled={current === 1} aria-label={PAGINATION_LOCALE.prev_page}>
            ‹
          </button>
        </li>
        {visiblePages(current, last).map((page, i, pages) => {
          if (page !== 'gap')
            return (
              <li key={page} title={String(page)} onClick={() => go(page)}>
                <button type="button" aria-current={page === current ? 'page' : undefined} className={page === current ? styles.active : undefined}>
                  {page}
                </button>
              </li>
            );
          // a gap before the current page jumps back, one after it on
          const back = (pages[i + 1] as number) <= current;
          const label = back ? PAGINATION_LOCALE.prev_5 : PAGINATION_LOCALE.next_5;
          return (
            <li key={`gap-${i}`} title={label} className={styles.gap} onClick={() => go(back ? Math.max(1, current - JUMP) : Math.min(last, current + JUMP))}>
              <button type="button" aria-label={label}>
                •••
              </button>
            </li>
          );
        })}
        <li title={PAGINATION_LOCALE.next_page} aria-disabled={current === last} onClick={() => go(current + 1)}>
          <button type="button" disabled={current === last} aria-label={PAGINATION_LOCALE.next_page}>
            ›
          </button>
        </li>
      </ul>
    </nav>
  );
}
