import AskFirst from '@/components/AskFirst';
import { submitConfirmed } from '@/utils/formErrors';
import type { ActionType, ProColumns } from '@ant-design/pro-table';
import { useRef, useState, type ReactNode } from 'react';

/**
 * A back-office list's 操作 column, `width` px wide: the row's actions, never searched, held at the
 * table's right edge so they are in view however wide the other columns make the table (it scrolls
 * beneath them). On a phone it stays beside the row's key facts (AdminTable's `phoneColumns`).
 */
export const actionsColumn = <T,>(render: (row: T) => ReactNode, width?: number): ProColumns<T> => ({
  title: '操作',
  valueType: 'option',
  fixed: 'right',
  width,
  render: (_, row) => render(row),
});

/**
 * A long identifier's column (an order number, a check's or typesetting's id), `width` px wide: cut
 * with an ellipsis, the whole value shown on hover and copied by the copy button.
 */
export const idColumn = <T,>(title: string, dataIndex: keyof T & string, width: number): ProColumns<T> => ({
  title,
  dataIndex,
  search: false,
  copyable: true,
  ellipsis: true,
  width,
});

/** What a list's e-mail search takes (用户 and 订单 alike: the server finds any address containing it). */
export const EMAIL_SEARCH_HINT = '邮箱或其中一部分';

/** A row's action that is asked first (`question`, what follows from it), then taken by `onConfirm`. */
export function ConfirmLink(props: { question: string; consequence: string; okText: string; danger?: boolean; onConfirm: () => void; children: ReactNode }) {
  const { question, consequence, okText, danger, onConfirm, children } = props;
  return (
    <AskFirst
      title={question}
      description={consequence}
      okText={okText}
      okButtonProps={danger ? { danger } : undefined}
      cancelText="取消"
      onConfirm={onConfirm}
    >
      <a>{children}</a>
    </AskFirst>
  );
}

/**
 * A back-office list's ref and what acts on its rows: `act` makes a call, says its answer (the API's
 * message, else `done`) or its failure (`failed`), then loads the list again, so the table shows what
 * the server now holds either way.
 */
export function useTableActions() {
  const actionRef = useRef<ActionType>();
  const reload = () => void actionRef.current?.reload();
  const act = async (call: () => Promise<{ message?: string }>, failed: string, done: string) => {
    await submitConfirmed(undefined, call, failed, done);
    reload();
  };
  return { actionRef, reload, act };
}

/**
 * A dialog opened from a list on one of its rows: `item` is the row it is open on (undefined: closed).
 * Once the dialog has done its work it closes and the list loads again.
 */
export function useListDialog<T>(reload: () => void) {
  const [item, setItem] = useState<T>();
  const close = () => setItem(undefined);
  const done = () => {
    close();
    reload();
  };
  return { item, open: (row: T) => setItem(() => row), close, done };
}
