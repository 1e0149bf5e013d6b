import LoadError from '@/components/LoadError';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-table';
import { useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { MAX_PAGE_SIZE } from '../../../common/content';

/** The sizes a list offers: none over what the API serves in one page (a larger one would be refused). */
const PAGE_SIZES = [10, 20, MAX_PAGE_SIZE];

/** ProTable's search values as the API's query: empty fields left out. */
function queryOf(params: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(params).filter(([, value]) => value !== '' && value !== undefined && value !== null));
}

/** What a back-office page lists: where its rows come from and what the list says of itself. */
export interface Listing<T, Q> {
  /** the page's API function; its `list` becomes the table's rows (docs/decisions.md, the back office) */
  fetch: (query: Q) => Promise<{ result: { list: T[]; total: number } }>;
  /** what the list is of, for its error ("订单列表加载失败") */
  what: string;
  /** what an empty result says, and what to do */
  emptyText: string;
}

interface AdminTableProps<T, Q> {
  listing: Listing<T, Q>;
  /** rows are keyed by their `id` */
  columns: ProColumns<T>[];
  actionRef?: MutableRefObject<ActionType | undefined>;
  toolBar?: ReactNode[];
  /** false: a short list with nothing to search (the catalogue) */
  search?: false;
  /**
   * The width (px) below which the table scrolls sideways inside itself, when every column names its
   * width: the columns keep those widths and long text ends in an ellipsis. Left out, each column is
   * as wide as its longest text.
   */
  scrollX?: number;
}

/**
 * Every back-office list: ProTable with server-side search and pages. A load that failed says so
 * with a retry instead of looking like an empty list (docs/ux.md); the table scrolls inside
 * itself on a phone.
 */
export default function AdminTable<T extends Record<string, unknown> & { id: unknown }, Q extends Record<string, unknown> = Record<string, unknown>>(
  props: AdminTableProps<T, Q>,
) {
  const { columns, toolBar, search, scrollX } = props;
  const { fetch, what, emptyText } = props.listing;
  const ownRef = useRef<ActionType>();
  const actionRef = props.actionRef ?? ownRef;
  const [failed, setFailed] = useState(false);
  return (
    <>
      {failed && <LoadError what={what} onRetry={() => actionRef.current?.reload()} />}
      <ProTable<T, Q>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        scroll={{ x: scrollX ?? 'max-content' }}
        search={search ?? { labelWidth: 'auto', defaultCollapsed: false }}
        options={{ density: false, setting: false, reload: true }}
        pagination={{ defaultPageSize: 20, pageSizeOptions: PAGE_SIZES, showSizeChanger: true }}
        locale={{ emptyText: failed ? `${what}加载失败` : emptyText }}
        toolBarRender={toolBar ? () => toolBar : false}
        request={async (params) => {
          try {
            const { result } = await fetch(queryOf(params) as Q);
            setFailed(false);
            return { data: result.list, total: result.total, success: true };
          } catch {
            // the request layer has told what happened (a message, a redirect, the network notice)
            setFailed(true);
            return { data: [], total: 0, success: false };
          }
        }}
      />
    </>
  );
}
