import AskFirst from '@/components/AskFirst';
import LinkButton from '@/components/LinkButton';
import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { formatTime } from '@/utils/time';
import { pagerItemRender } from '@/components/iconLabels';
import { Alert, Button, Card, Empty, message, Pagination, Progress, Space, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { pageFrom, pageTo, useAddressParams } from '@/hooks/useAddressParams';
import { useEffect, type ReactNode } from 'react';
import styles from './index.less';
import { useNarrowerThan } from '@/hooks/useNarrowerThan';

const PAGE_SIZE = 10;
/** Below this the table scrolls inside its card rather than squeezing its columns. */
const TABLE_MIN_WIDTH = 860;

/** One column of a records list; `essential` ones also show on a phone's card. */
export interface RecordColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  width?: number;
  /** cut with an ellipsis rather than wrap (long titles) */
  ellipsis?: boolean;
  essential?: boolean;
}

/** When a record was made, on one line; `title` is what the list calls it (提交时间, 下单时间). */
export const createdColumn = <T extends { createdAt: string }>(title: string): RecordColumn<T> => ({
  key: 'createdAt',
  title,
  essential: true,
  width: 150,
  render: (row) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(row.createdAt)}</span>,
});

/** A record's state: its progress while it is at work (`work` names the work for a screen reader: 检测, 排版), then a tag. */
export const stateColumn = <T extends { title: string; progress: number }>(
  isRunning: (row: T) => boolean,
  work: string,
  tag: (row: T) => { text: string; color: string },
): RecordColumn<T> => ({
  key: 'status',
  title: '状态',
  essential: true,
  width: 140,
  render: (row) =>
    isRunning(row) ? (
      <Progress percent={row.progress} size="small" status="active" aria-label={`${row.title} 的${work}进度`} />
    ) : (
      <Tag color={tag(row).color}>{tag(row).text}</Tag>
    ),
});

/** A row's action that goes to another page. */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <LinkButton to={to} type="link" size="small">
      {children}
    </LinkButton>
  );
}

/** A row's delete action: asked first, since it cannot be undone; once done, said and the list reloaded. */
export function DeleteAction(props: {
  label: string;
  question: string;
  consequence: string;
  remove: () => Promise<unknown>;
  done: string;
  reload: () => void;
}) {
  const { label, question, consequence, remove, done, reload } = props;
  const confirm = async () => {
    await remove();
    message.success(done);
    reload();
  };
  return (
    <AskFirst title={question} description={consequence} okText="删除" cancelText="取消" onConfirm={confirm}>
      <Button type="link" size="small" danger>
        {label}
      </Button>
    </AskFirst>
  );
}

type EmptyList = { text: string; start: { label: string; to: string }[] };

/** A list with no records yet: what it says, and a button to each page where such records begin. */
function EmptyRecords({ text, start }: EmptyList) {
  return (
    <Empty description={text}>
      <Space wrap>
        {start.map(({ label, to }, i) => (
          <LinkButton key={to} to={to} type={i === 0 ? 'primary' : 'default'}>
            {label}
          </LinkButton>
        ))}
      </Space>
    </Empty>
  );
}

interface Props<T> {
  /** the list's heading, which also names the records in 「…加载失败」 */
  title: string;
  /** the first column is the record's name: a card's heading on a phone */
  columns: RecordColumn<T>[];
  /** a row's actions, side by side (wrapping on a phone) */
  actions: (row: T, reload: () => void) => ReactNode;
  /** one page of records; the table says a refusal in its own text (LoadError), so `options` asks for no toast repeating it */
  load: (page: { current: number; pageSize: number }, options: { refusalShownByPage: boolean }) => Promise<{ result: { list: T[]; total: number } }>;
  /** while any row is at work, the list reloads itself so progress is live (every POLL_INTERVAL_MS) */
  isRunning?: (row: T) => boolean;
  /** while any row waits on something done elsewhere (its payment), the list asks again, in place (every WAIT_POLL_MS) */
  isWaiting?: (row: T) => boolean;
  /** what an empty list says, and the pages where such records begin (the first is the main way) */
  empty: EmptyList;
}

/** A page past the last (its last record deleted, or an older address) gives way to the last one. */
function useLastPageWhenPastIt(current: number, data: { list: unknown[]; total: number } | undefined, setCurrent: (page: number) => void) {
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const pastIt = Boolean(data && !data.list.length && data.total > 0 && current > lastPage);
  useEffect(() => {
    if (pastIt) setCurrent(lastPage);
  });
}

/** A wide screen's pager, under the table: the arrows named by the pager's labels. */
const tablePager = (current: number, total: number, onChange: (page: number) => void) => ({
  current,
  pageSize: PAGE_SIZE,
  total,
  onChange,
  showSizeChanger: false,
  hideOnSinglePage: true,
  itemRender: pagerItemRender,
});

/**
 * A personal-centre list of records (checks, typesets, orders): server-paged, live while anything runs.
 * A table on wide screens, a card per record with the essential fields on a phone (docs/ux.md). A load
 * that failed says so and offers a retry; only a load that succeeded with no rows is "empty".
 */
export default function RecordsTable<T extends { id: string }>({ title, columns, actions, load, isRunning, isWaiting, empty }: Props<T>) {
  // the page is kept in the address (?page=), so that a reload and back from a record show it again
  const [params, change] = useAddressParams();
  const current = pageFrom(params.get('page'));
  const setCurrent = (page: number) => change({ page: pageTo(page) });
  const { data, loading, error, reload } = useResult(() => load({ current, pageSize: PAGE_SIZE }, { refusalShownByPage: true }), [current], {
    pollWhile: isRunning && ((page) => page.list.some(isRunning)),
    // the last good rows stay on screen while it asks: nothing flickers
    waitWhile: isWaiting && ((page) => page.list.some(isWaiting)),
    // a record made in another tab (a new check, a payment) shows when the user comes back
    refreshOnShow: true,
  });
  useLastPageWhenPastIt(current, data, setCurrent);
  const phone = useNarrowerThan('md');
  const rowActions = (row: T) => (
    <Space size={4} wrap>
      {actions(row, reload)}
    </Space>
  );

  let body: ReactNode;
  if (error && !data) {
    body = <LoadError what={title} onRetry={reload} error={error} />;
  } else if (data && data.total === 0) {
    body = <EmptyRecords {...empty} />;
  } else if (phone) {
    body = (
      <div className={styles.cards}>
        {(data?.list ?? []).map((row) => (
          <Card key={row.id} size="small" className={styles.card} title={<span className={styles.cardTitle}>{columns[0].render(row)}</span>}>
            <dl className={styles.fields}>
              {columns
                .filter((c) => c.essential)
                .map((c) => (
                  <div key={c.key} className={styles.field}>
                    <dt>{c.title}</dt>
                    <dd>{c.render(row)}</dd>
                  </div>
                ))}
            </dl>
            <div className={styles.actions}>{rowActions(row)}</div>
          </Card>
        ))}
        {loading && !data && <Card loading size="small" />}
        <Pager current={current} total={data?.total ?? 0} onChange={setCurrent} />
      </div>
    );
  } else {
    const tableColumns: ColumnsType<T> = [
      ...columns.map((c) => ({ key: c.key, title: c.title, width: c.width, ellipsis: c.ellipsis, render: (_: unknown, row: T) => c.render(row) })),
      { key: 'actions', title: '操作', width: 210, render: (_: unknown, row: T) => rowActions(row) },
    ];
    body = (
      <Table<T>
        rowKey="id"
        columns={tableColumns}
        dataSource={data?.list ?? []}
        loading={loading && !data}
        // fills a wide card; on a narrow one the table scrolls inside itself, never the page
        scroll={{ x: TABLE_MIN_WIDTH }}
        pagination={tablePager(current, data?.total ?? 0, setCurrent)}
      />
    );
  }

  return (
    <Card>
      <h1 className={styles.heading}>{title}</h1>
      {error && data && (
        <Alert
          type="warning"
          showIcon
          className={styles.stale}
          message="刷新失败，下面是上次加载的结果"
          action={
            <Button size="small" onClick={reload}>
              重新加载
            </Button>
          }
        />
      )}
      {body}
    </Card>
  );
}

/** A phone's pager: antd's simple one, with the spec's labels (docs/spec.md §9) from the app's locale. */
function Pager({ current, total, onChange }: { current: number; total: number; onChange: (page: number) => void }) {
  if (total <= PAGE_SIZE) return null;
  return <Pagination simple className={styles.pager} current={current} total={total} pageSize={PAGE_SIZE} onChange={onChange} itemRender={pagerItemRender} />;
}
