import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-table';
import { Card, Empty } from 'antd';
import { useEffect, useState, type MutableRefObject, type ReactNode } from 'react';

const POLL_MS = 3000;

interface Props<T> {
  title: string;
  columns: ProColumns<T>[];
  load: (page: { current: number; pageSize: number }) => Promise<{ result: { list: T[]; total: number } }>;
  /** while any row is at work, the table reloads itself so progress is live */
  isRunning: (row: T) => boolean;
  empty: { text: string; action: ReactNode };
  actionRef: MutableRefObject<ActionType | undefined>;
}

/** A personal-centre list of records (checks, typesets): server-paged, live while anything runs. */
export default function RecordsTable<T extends { id: string }>({ title, columns, load, isRunning, empty, actionRef }: Props<T>) {
  const [running, setRunning] = useState(false);

  useEffect(() => {
    if (!running) return undefined;
    const timer = setInterval(() => actionRef.current?.reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, actionRef]);

  return (
    <Card>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>{title}</h1>
      <ProTable<T>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        search={false}
        options={false}
        scroll={{ x: 1000 }}
        pagination={{ defaultPageSize: 10, showSizeChanger: false }}
        locale={{ emptyText: <Empty description={empty.text}>{empty.action}</Empty> }}
        request={async ({ current = 1, pageSize = 10 }) => {
          const { result } = await load({ current, pageSize });
          setRunning(result.list.some(isRunning));
          return { data: result.list, total: result.total, success: true };
        }}
      />
    </Card>
  );
}
