import AdminTable from '@/features/admin/AdminTable';
import { SystemDialog, TemplateDialog } from '@/features/admin/CatalogueDialog';
import { listSystems, listTemplates, type AdminSystem, type AdminTemplate } from '@/features/admin/api';
import { formatFen } from '@/utils/money';
import { actionsColumn, useListDialog, useTableActions } from '@/features/admin/tableActions';
import type { ActionType, ProColumns } from '@ant-design/pro-table';
import { Tag, Typography } from 'antd';
import type { MutableRefObject } from 'react';

const onSale = (enabled: boolean) => (enabled ? <Tag color="green">上架</Tag> : <Tag>已下架</Tag>);

const systemColumns = (edit: (system: AdminSystem) => void): ProColumns<AdminSystem>[] => [
  { title: '检测系统', dataIndex: 'name', search: false },
  { title: '每千字', dataIndex: 'pricePerThousandFen', search: false, render: (_, s) => formatFen(s.pricePerThousandFen) },
  { title: '起报字数', dataIndex: 'minMatch', search: false },
  { title: '字数上限', dataIndex: 'maxChars', search: false, render: (_, s) => s.maxChars.toLocaleString('zh-CN') },
  { title: '状态', dataIndex: 'enabled', search: false, render: (_, s) => onSale(s.enabled) },
  actionsColumn((s) => <a onClick={() => edit(s)}>修改</a>),
];

const templateColumns = (edit: (template: AdminTemplate) => void): ProColumns<AdminTemplate>[] => [
  { title: '排版模板', dataIndex: 'name', search: false },
  { title: '学位', dataIndex: 'degree', search: false },
  { title: '学科', dataIndex: 'discipline', search: false },
  { title: '价格', dataIndex: 'priceFen', search: false, render: (_, t) => formatFen(t.priceFen) },
  { title: '状态', dataIndex: 'enabled', search: false, render: (_, t) => onSale(t.enabled) },
  actionsColumn((t) => <a onClick={() => edit(t)}>修改</a>),
];

/** One of the page's two short lists under its heading: everything in one page, nothing to search. */
function Section<T extends { id: string }>(props: {
  heading: string;
  fetch: () => Promise<{ result: { list: T[]; total: number } }>;
  columns: ProColumns<T>[];
  actionRef: MutableRefObject<ActionType | undefined>;
  first?: boolean;
}) {
  const { heading, fetch, columns, actionRef, first } = props;
  return (
    <>
      <Typography.Title level={2} style={{ fontSize: 18, marginTop: first ? undefined : 24 }}>
        {heading}
      </Typography.Title>
      <AdminTable<T, Record<string, never>>
        listing={{ what: heading, emptyText: `还没有${heading}`, fetch }}
        actionRef={actionRef}
        columns={columns}
        search={false}
      />
    </>
  );
}

/** 价格与上架: the review systems' and templates' prices, limits and sale; a change applies to new orders. */
export default function AdminCatalogue() {
  const systems = useTableActions();
  const templates = useTableActions();
  const system = useListDialog<AdminSystem>(systems.reload);
  const template = useListDialog<AdminTemplate>(templates.reload);
  return (
    <>
      <Section<AdminSystem> heading="查重系统" fetch={listSystems} actionRef={systems.actionRef} columns={systemColumns(system.open)} first />
      <Section<AdminTemplate> heading="排版模板" fetch={listTemplates} actionRef={templates.actionRef} columns={templateColumns(template.open)} />
      {system.item && <SystemDialog item={system.item} onClose={system.close} onDone={system.done} />}
      {template.item && <TemplateDialog item={template.item} onClose={template.close} onDone={template.done} />}
    </>
  );
}
