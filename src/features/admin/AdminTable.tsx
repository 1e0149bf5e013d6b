import LoadError from '@/components/LoadError';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-table';
import { useRef, useState, type MutableRefObject, type ReactNode } from 'react';
import { MAX_PAGE_SIZE } from '../../../common/content';
import { useNarrowerThan } from '@/hooks/useNarrowerThan';

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
   * On a phone, the row's key facts: the columns it keeps (by `dataIndex`), each with its width
   * there, beside the 操作 column; the others are for a wide screen (or a row's 详情). Left out, a
   * phone shows every column, scrolling sideways inside the table.
   */
  phoneColumns?: Record<string, number>;
}

const keyOf = <T,>(column: ProColumns<T>) => String(column.dataIndex ?? '');

/**
 * The columns as a phone shows them: those in `phoneColumns` at their phone width and the 操作
 * column; every other one left out of the table (its search field stays).
 */
function onPhone<T>(columns: ProColumns<T>[], phoneColumns: Record<string, number>): ProColumns<T>[] {
  return columns.map((column) => {
    if (column.valueType === 'option') return column;
    const width = phoneColumns[keyOf(column)];
    return width === undefined ? { ...column, hideInTable: true } : { ...column, width };
  });
}

/**
 * The table's width when every column it shows names its width (px): the columns keep those widths,
 * sharing out what room is left, and long text wraps or ends in an ellipsis; the table scrolls
 * sideways inside itself only where the screen is narrower. Otherwise each column is as wide as its
 * longest text.
 */
function tableWidth<T>(columns: ProColumns<T>[]): number | 'max-content' {
  const shown = columns.filter((column) => !column.hideInTable);
  return shown.every((column) => typeof column.width === 'number') ? shown.reduce((sum, column) => sum + (column.width as number), 0) : 'max-content';
}

/**
 * Every back-office list: ProTable with server-side search and pages. A load that failed says so
 * with a retry instead of looking like an empty list (docs/ux.md). On a phone the search form
 * starts folded, so the rows are in view, and each row shows its key facts (`phoneColumns`); a
 * table wider than the screen scrolls inside itself.
 */
export default function AdminTable<T extends Record<string, unknown> & { id: unknown }, Q extends Record<string, unknown> = Record<string, unknown>>(
  props: AdminTableProps<T, Q>,
) {
  const { toolBar, search, phoneColumns } = props;
  // a phone as the back office's frame tells it (AdminLayout): narrower than antd's md
  const phone = useNarrowerThan('md');
  const columns = phone && phoneColumns ? onPhone(props.columns, phoneColumns) : props.columns;
  // the search form's folding as the user left it; until then folded on a phone, open on a wide screen
  const [collapsed, setCollapsed] = useState<boolean>();
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
        scroll={{ x: tableWidth(columns) }}
        search={search ?? { labelWidth: 'auto', collapsed: collapsed ?? phone, onCollapse: setCollapsed }}
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
