import RecordsTable, { type RecordColumn } from '@/components/RecordsTable';
import { deleteTypeset, downloadUrl, listTypesets, type Typeset } from '@/features/typeset/api';
import { formatFen } from '@/utils/money';
import { formatTime } from '@/utils/time';
import { Button, message, Popconfirm, Progress, Space, Tag } from 'antd';
import { Link } from 'umi';
import { paths } from '@/utils/paths';

const isRunning = (t: Typeset) => t.status === 'queued' || t.status === 'running';

const columns: RecordColumn<Typeset>[] = [
  { key: 'title', title: '论文题目', ellipsis: true, render: (t) => t.title },
  { key: 'template', title: '模板', essential: true, width: 160, render: (t) => t.templateName },
  {
    key: 'status',
    title: '状态',
    essential: true,
    width: 140,
    render: (t) =>
      isRunning(t) ? (
        <Progress percent={t.progress} size="small" status="active" aria-label={`${t.title} 的排版进度`} />
      ) : t.status === 'failed' ? (
        <Tag color="red">失败</Tag>
      ) : t.paid ? (
        <Tag color="green">已付款</Tag>
      ) : (
        <Tag color="orange">待付款</Tag>
      ),
  },
  { key: 'createdAt', title: '提交时间', essential: true, width: 150, render: (t) => <span style={{ whiteSpace: 'nowrap' }}>{formatTime(t.createdAt)}</span> },
];

/** /personal/typeset/list: every typeset of the user, with what can be done with each. */
export default function TypesetListPage() {
  const remove = async (typeset: Typeset, reload: () => void) => {
    await deleteTypeset(typeset.id);
    message.success('排版记录和文件已删除');
    reload();
  };

  return (
    <RecordsTable<Typeset>
      title="排版记录"
      what="排版记录"
      columns={columns}
      load={listTypesets}
      isRunning={isRunning}
      actions={(t, reload) => (
        <Space size={4} wrap>
          {t.status === 'done' && (
            <Link to={paths.typesetPreview(t.id)}>
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
          <Popconfirm
            title="删除这条排版记录？"
            description="稿件和排版好的文档都会删除，无法恢复。"
            okText="删除"
            cancelText="取消"
            onConfirm={() => remove(t, reload)}
          >
            <Button type="link" size="small" danger>
              删除
            </Button>
          </Popconfirm>
        </Space>
      )}
      empty={{
        text: '还没有排版记录',
        action: (
          <Link to={paths.templateList}>
            <Button type="primary">选择模板</Button>
          </Link>
        ),
      }}
    />
  );
}
