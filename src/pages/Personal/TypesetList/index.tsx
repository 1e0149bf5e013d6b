import { deleteTypeset, downloadUrl, listTypesets, type Typeset } from '@/services/typeset';
import { formatFen } from '@/utils/money';
import RecordsTable from '@/components/RecordsTable';
import type { ActionType, ProColumns } from '@ant-design/pro-table';
import { Button, message, Popconfirm, Progress, Space, Tag } from 'antd';
import { useRef } from 'react';
import { Link } from 'umi';


/** /personal/typeset/list: every typeset of the user, with what can be done with each. */
export default function TypesetListPage() {
  const table = useRef<ActionType>();


  const remove = async (typeset: Typeset) => {
    await deleteTypeset(typeset.id);
    message.success('排版记录和文件已删除');
    table.current?.reload();
  };

  const columns: ProColumns<Typeset>[] = [
    { title: '论文题目', dataIndex: 'title', ellipsis: true, width: 200 },
    { title: '模板', dataIndex: 'templateName', width: 160 },
    {
      title: '状态',
      dataIndex: 'status',
      width: 140,
      render: (_, t) =>
        t.status === 'queued' || t.status === 'running' ? (
          <Progress percent={t.progress} size="small" status="active" aria-label={`${t.title} 的排版进度`} />
        ) : t.status === 'failed' ? (
          <Tag color="red">失败</Tag>
        ) : t.paid ? (
          <Tag color="green">已付款</Tag>
        ) : (
          <Tag color="orange">待付款</Tag>
        ),
    },
    { title: '提交时间', dataIndex: 'createdAt', width: 160, valueType: 'dateTime' },
    {
      title: '操作',
      key: 'actions',
      width: 220,
      fixed: 'right',
      render: (_, t) => (
        <Space size={4} wrap>
          {t.status === 'done' && (
            <Link to={`/typeset/preview/${t.id}`}>
              <Button type="link" size="small">
                {t.paid ? '预览' : `预览 / 付款 ${formatFen(t.priceFen)}`}
              </Button>
            </Link>
          )}
          {t.paid && (
            <Button type="link" size="small" href={downloadUrl(t.id)}>
              下载
            </Button>
          )}
          <Popconfirm title="删除这条排版记录？" description="稿件和排版好的文档都会删除，无法恢复。" okText="删除" cancelText="取消" onConfirm={() => remove(t)}>
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <RecordsTable<Typeset>
      title="排版记录"
      actionRef={table}
      columns={columns}
      load={listTypesets}
      isRunning={(t) => t.status === 'queued' || t.status === 'running'}
      empty={{
        text: '还没有排版记录',
        action: (
          <Link to="/typeset/template-list">
            <Button type="primary">选择模板</Button>
          </Link>
        ),
      }}
    />
  );
}
