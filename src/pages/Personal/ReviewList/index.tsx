import { deletePaper, formatPercent, listReviews, reportPdfUrl, type Review, type ReviewStatus } from '@/services/review';
import { formatFen } from '@/utils/money';
import RecordsTable from '@/components/RecordsTable';
import type { ActionType, ProColumns } from '@ant-design/pro-table';
import { Button, message, Popconfirm, Progress, Space, Tag } from 'antd';
import { useRef } from 'react';
import { Link } from 'umi';

const STATUS: Record<ReviewStatus, { text: string; color: string }> = {
  unpaid: { text: '待付款', color: 'orange' },
  queued: { text: '排队中', color: 'blue' },
  checking: { text: '检测中', color: 'processing' },
  done: { text: '已完成', color: 'green' },
  failed: { text: '失败', color: 'red' },
};

/** /personal/review/list: every check of the user, with live progress, and what can be done with each. */
export default function ReviewListPage() {
  const table = useRef<ActionType>();


  const removePaper = async (review: Review) => {
    await deletePaper(review.id);
    message.success('论文已删除');
    table.current?.reload();
  };

  const columns: ProColumns<Review>[] = [
    { title: '论文题目', dataIndex: 'title', ellipsis: true, width: 200 },
    { title: '检测系统', dataIndex: 'systemName', width: 140 },
    { title: '字数', dataIndex: 'charCount', width: 90, renderText: (n: number) => n.toLocaleString('zh-CN') },
    {
      title: '状态',
      dataIndex: 'status',
      width: 150,
      render: (_, r) =>
        r.status === 'checking' || r.status === 'queued' ? (
          <Progress percent={r.progress} size="small" status="active" aria-label={`${r.title} 的检测进度`} />
        ) : (
          <Tag color={STATUS[r.status].color}>{STATUS[r.status].text}</Tag>
        ),
    },
    { title: '相似度', dataIndex: 'similarity', width: 90, render: (_, r) => (r.similarity === null ? '—' : formatPercent(r.similarity)) },
    { title: '提交时间', dataIndex: 'createdAt', width: 160, valueType: 'dateTime' },
    {
      title: '操作',
      key: 'actions',
      width: 180,
      fixed: 'right',
      render: (_, r) => (
        <Space size={4} wrap>
          {r.status === 'unpaid' && (
            <Link to={`/review/info/${r.id}`}>
              <Button type="link" size="small">
                付款 {formatFen(r.amountFen)}
              </Button>
            </Link>
          )}
          {r.status === 'done' && (
            <>
              <Link to={`/personal/review/report/${r.id}`}>
                <Button type="link" size="small">
                  查看报告
                </Button>
              </Link>
              <Button type="link" size="small" href={reportPdfUrl(r.id)}>
                下载 PDF
              </Button>
            </>
          )}
          {!r.paperDeleted && r.status !== 'queued' && r.status !== 'checking' && (
            <Popconfirm title="删除论文原文？" description="删除后无法恢复；报告的验证信息会保留。" okText="删除" cancelText="取消" onConfirm={() => removePaper(r)}>
              <Button type="link" size="small" danger>
                删除论文
              </Button>
            </Popconfirm>
          )}
          {r.paperDeleted && <Tag>论文已删除</Tag>}
        </Space>
      ),
    },
  ];

  return (
    <RecordsTable<Review>
      title="查重记录"
      actionRef={table}
      columns={columns}
      load={listReviews}
      isRunning={(r) => r.status === 'queued' || r.status === 'checking'}
      empty={{
        text: '还没有查重记录',
        action: (
          <Link to="/review/home">
            <Button type="primary">去查重</Button>
          </Link>
        ),
      }}
    />
  );
}
