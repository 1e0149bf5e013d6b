import { Empty, Table, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';

/** A short list in a back-office drawer, under its heading: every row at once, scrolling sideways on a phone. */
export default function DrawerTable<T extends object>(props: {
  heading: ReactNode;
  /** a line under the heading, when the rows need one */
  note?: ReactNode;
  rows: T[];
  rowKey: TableProps<T>['rowKey'];
  /** what no rows at all says */
  empty: string;
  columns: ColumnsType<T>;
}) {
  const { heading, note, rows, rowKey, empty, columns } = props;
  return (
    <>
      <h3 style={{ marginTop: 24 }}>{heading}</h3>
      {note && <p style={{ color: 'rgba(0,0,0,0.45)' }}>{note}</p>}
      <Table<T>
        size="small"
        rowKey={rowKey}
        pagination={false}
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        locale={{ emptyText: <Empty description={empty} /> }}
        columns={columns}
      />
    </>
  );
}
