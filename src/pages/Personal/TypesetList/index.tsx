import { atWork } from '@/utils/atWork';
import RecordsTable, { createdColumn, DeleteAction, RowLink, stateColumn, type RecordColumn } from '@/components/RecordsTable';
import { deleteTypeset, listTypesets, typesetFiles, type Typeset } from '@/features/typeset/api';
import DownloadButton from '@/components/DownloadButton';
import { formatFen } from '@/utils/money';
import { paths } from '@/utils/paths';
import { ORDER_STATE_NAMES } from '../../../../common/orderState';

/**
 * A typeset's state once it is not at work (the back office's user detail says it in these words
 * too); its payment in the words 订单记录 uses for its order.
 */
export function typesetState(t: Typeset): { text: string; color: string } {
  if (t.status === 'failed') return { text: '失败', color: 'red' };
  if (t.paid) return { text: ORDER_STATE_NAMES.paid, color: 'green' };
  // its order given back in full: no longer paid, and it may be bought again
  return t.refunded ? { text: ORDER_STATE_NAMES.refunded, color: 'blue' } : { text: ORDER_STATE_NAMES.pending, color: 'orange' };
}

/**
 * A finished typesetting whose order waits for its payment, which may come from another tab or a
 * phone. One not ordered (or whose order was cancelled or ran out of time) waits on nothing: the
 * list does not keep asking about it.
 */
const awaitingPayment = (t: Typeset) => t.status === 'done' && !t.paid && t.orderOpen;

const columns: RecordColumn<Typeset>[] = [
  { key: 'title', title: '论文题目', ellipsis: true, render: (t) => t.title },
  { key: 'template', title: '模板', essential: true, width: 160, render: (t) => t.templateName },
  stateColumn(atWork, '排版', typesetState),
  createdColumn('提交时间'),
];

/** What can be done with a typeset: follow it while at work, preview it (and pay), download it once paid, delete it. */
function TypesetActions({ typeset: t, reload }: { typeset: Typeset; reload: () => void }) {
  return (
    <>
      {atWork(t) && <RowLink to={paths.typesetPreview(t.id)}>查看进度</RowLink>}
      {t.status === 'done' && <RowLink to={paths.typesetPreview(t.id)}>{t.paid ? '预览' : `预览 / 付款 ${formatFen(t.priceFen)}`}</RowLink>}
      {t.paid && (
        <DownloadButton type="link" size="small" {...typesetFiles(t).docx} what="Word 文档">
          下载 Word
        </DownloadButton>
      )}
      <DeleteAction
        label="删除"
        question="删除这条排版记录？"
        consequence={
          t.paid ? '稿件和排版好的文档都会删除，无法恢复；这次排版已付款，删除后不退款，也不能再下载或查看。' : '稿件和排版好的文档都会删除，无法恢复。'
        }
        remove={() => deleteTypeset(t.id)}
        done="排版记录和文件已删除"
        reload={reload}
      />
    </>
  );
}

/** /personal/typeset/list: every typeset of the user, with live progress and payments, and what can be done with each. */
export default function TypesetListPage() {
  return (
    <RecordsTable<Typeset>
      title="排版记录"
      columns={columns}
      load={listTypesets}
      isRunning={atWork}
      isWaiting={awaitingPayment}
      actions={(t, reload) => <TypesetActions typeset={t} reload={reload} />}
      empty={{ text: '还没有排版记录', start: [{ label: '选择模板', to: paths.templateList }] }}
    />
  );
}
