import { formatFen } from '@/utils/money';
import { formatTime } from '@/utils/time';
import { isRole, ROLE_NAMES } from '../../../common/roles';
import { ORDER_STATE_NAMES, orderStateText } from '../../../common/orderState';

/** The fields the back office's changes record (modules/admin), by the names its pages use; another shows as recorded. */
const FIELD_NAMES: Record<string, string> = {
  status: '状态',
  amountFen: '金额',
  refundedFen: '已退金额',
  refund: '本次退款',
  requestNo: '退款单号',
  tradeNo: '交易号',
  reason: '原因',
  email: '邮箱',
  role: '角色',
  disabledAt: '停用时间',
  name: '名称',
  title: '标题',
  priceFen: '价格',
  pricePerThousandFen: '每千字价格',
  minMatch: '起报字数',
  maxChars: '字数上限',
  enabled: '上架',
  kind: '类型',
  refId: '对象 ID',
  attempts: '尝试次数',
  lastError: '最近的错误',
  imported: '导入',
  skipped: '跳过',
  rejected: '未导入',
  file: '文件',
  id: 'ID',
};

/** What a change was made to, by name (the log records the table's). */
export const AUDIT_TARGET_NAMES: Record<string, string> = {
  user: '用户',
  order: '订单',
  review_system: '查重系统',
  template: '排版模板',
  article: '文章',
  document: '文献',
  library: '文献库',
  job: '任务',
};

/** A field's name in the back office's words, or as recorded. */
const fieldName = (key: string) => FIELD_NAMES[key] ?? key;

type Fields = Record<string, unknown>;
const isRecord = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An order's state as its pages say it: 部分退款 where only part came back. */
function stateOf(record: Fields): string | undefined {
  const { status, amountFen, refundedFen } = record;
  if (typeof status !== 'string' || !(status in ORDER_STATE_NAMES)) return undefined;
  if (typeof amountFen !== 'number' || typeof refundedFen !== 'number') return ORDER_STATE_NAMES[status as keyof typeof ORDER_STATE_NAMES];
  return orderStateText({ status: status as keyof typeof ORDER_STATE_NAMES, amountFen, refundedFen });
}

/** One field's value in words: money in ¥, times in China's, roles and states by name, a list or a record one by one. */
function valueText(key: string, value: unknown, record: Fields): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'status') return stateOf(record) ?? String(value);
  if (key === 'role' && typeof value === 'string' && isRole(value)) return ROLE_NAMES[value];
  if (typeof value === 'number' && key.endsWith('Fen')) return formatFen(value);
  if (typeof value === 'string' && key.endsWith('At')) return formatTime(value);
  if (typeof value === 'boolean') return key === 'enabled' ? (value ? '是' : '否（已下架）') : value ? '是' : '否';
  if (Array.isArray(value)) return value.length ? value.map((item) => (isRecord(item) ? fieldsText(item) : String(item))).join('；') : '无';
  if (isRecord(value)) return fieldsText(value);
  return String(value);
}

const fieldsText = (record: Fields) =>
  Object.entries(record)
    .map(([key, value]) => `${fieldName(key)} ${valueText(key, value, record)}`)
    .join('，');

/**
 * A record before or after a change (the log keeps whatever the change stored), field by field in
 * the back office's words, one to a line; a value that is no record as it is.
 */
export default function AuditRecord({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <>—</>;
  if (!isRecord(value)) return <>{String(value)}</>;
  return (
    <div style={{ overflowWrap: 'anywhere' }}>
      {Object.entries(value).map(([key, field]) => (
        <div key={key}>
          <span style={{ color: 'rgba(0, 0, 0, 0.45)' }}>{fieldName(key)}：</span>
          {valueText(key, field, value)}
        </div>
      ))}
    </div>
  );
}
