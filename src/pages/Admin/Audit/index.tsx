import AdminTable, { type Listing } from '@/features/admin/AdminTable';
import AuditRecord, { AUDIT_TARGET_NAMES } from '@/features/admin/AuditRecord';
import { listAudit, type AuditEntry, type AuditQuery } from '@/features/admin/api';
import { formatTime } from '@/utils/time';
import type { ProColumns } from '@ant-design/pro-table';
import { Typography } from 'antd';
import { AUDIT_ACTION_NAMES, auditActionName } from '../../../../common/auditActions';

/** The actions to search by, by name: the log is searched by the code the server records. */
const actionEnum = Object.fromEntries(Object.entries(AUDIT_ACTION_NAMES).map(([action, text]) => [action, { text }]));

const columns: ProColumns<AuditEntry>[] = [
  { title: '时间', dataIndex: 'createdAt', search: false, render: (_, entry) => formatTime(entry.createdAt) },
  // an e-mail and an id are one long word each: broken anywhere rather than widening the table past 1280 px
  {
    title: '操作人',
    dataIndex: 'actorEmail',
    search: false,
    width: 140,
    render: (_, entry) => <span style={{ wordBreak: 'break-all' }}>{entry.actorEmail}</span>,
  },
  // named in Chinese; a code the page does not know (an older row) as it was recorded
  { title: '操作', dataIndex: 'action', valueEnum: actionEnum, fieldProps: { showSearch: true }, render: (_, entry) => auditActionName(entry.action) },
  { title: '对象', dataIndex: 'targetType', search: false, render: (_, entry) => AUDIT_TARGET_NAMES[entry.targetType] ?? entry.targetType },
  {
    title: '对象 ID',
    dataIndex: 'targetId',
    width: 140,
    render: (_, entry) => (
      <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
        {entry.targetId}
      </Typography.Text>
    ),
  },
  { title: '修改前', dataIndex: 'before', search: false, width: 190, render: (_, entry) => <AuditRecord value={entry.before} /> },
  { title: '修改后', dataIndex: 'after', search: false, width: 210, render: (_, entry) => <AuditRecord value={entry.after} /> },
];

/** On a phone a row shows when, what and who; the records before and after are for a wide screen. */
const PHONE = { createdAt: 90, action: 96, actorEmail: 150 };

const listing: Listing<AuditEntry, AuditQuery> = { what: '审计日志', emptyText: '没有符合条件的记录', fetch: listAudit };

/** 审计日志 (admins only): every back-office change, newest first; append-only. */
export default function AdminAudit() {
  return <AdminTable listing={listing} columns={columns} phoneColumns={PHONE} />;
}
