import AdminTable, { type Listing } from '@/features/admin/AdminTable';
import LibraryUpload from '@/features/admin/LibraryUpload';
import { listLibrary, removeFromLibrary, type LibraryDocument, type LibraryQuery } from '@/features/admin/api';
import { actionsColumn, ConfirmLink, useTableActions } from '@/features/admin/tableActions';
import { formatTime } from '@/utils/time';
import { UploadOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-table';
import { Button } from 'antd';
import { useState } from 'react';
import { formatCount } from '../../../../common/formatCount';

function columns(remove: (paper: LibraryDocument) => void): ProColumns<LibraryDocument>[] {
  return [
    { title: '关键词', dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: '题目、关键词或正文中的词' } },
    // wrapped, not cut with an ellipsis: a phone has no hover to show the rest
    {
      title: '题目',
      dataIndex: 'title',
      search: false,
      render: (_, paper) => <div style={{ minWidth: 160, maxWidth: 'min(280px, 55vw)' }}>{paper.title}</div>,
    },
    { title: '作者', dataIndex: 'authors', search: false, render: (_, paper) => paper.authors.join('、') || '佚名' },
    { title: '类型', dataIndex: 'type', search: false },
    { title: '学科', dataIndex: 'discipline', search: false },
    { title: '年份', dataIndex: 'year', search: false },
    { title: '字数', dataIndex: 'charCount', search: false, render: (_, paper) => formatCount(paper.charCount) },
    { title: '原始文件', dataIndex: 'fileName', search: false, render: (_, paper) => paper.fileName ?? '—' },
    { title: '入库时间', dataIndex: 'createdAt', search: false, render: (_, paper) => formatTime(paper.createdAt) },
    actionsColumn((paper) => (
      <ConfirmLink
        question={`从文献库移除《${paper.title}》？`}
        consequence="移除后，之后的检测不再比对这篇论文；已出的报告不变。"
        okText="移除"
        danger
        onConfirm={() => remove(paper)}
      >
        移除
      </ConfirmLink>
    )),
  ];
}

const listing: Listing<LibraryDocument, LibraryQuery> = {
  what: '文献库',
  emptyText: '没有找到含这些词的论文，换个词试试，或点“上传论文”导入',
  fetch: listLibrary,
};

/** 文献库: the papers every check compares against; upload more (as `npm run import` does) or remove one. */
export default function AdminLibrary() {
  const { actionRef, reload, act } = useTableActions();
  const [uploading, setUploading] = useState(false);
  const remove = (paper: LibraryDocument) => act(() => removeFromLibrary(paper.id), '移除失败', '已从文献库移除');
  return (
    <>
      <AdminTable
        listing={listing}
        actionRef={actionRef}
        columns={columns(remove)}
        toolBar={[
          <Button key="upload" type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            上传论文
          </Button>,
        ]}
      />
      {uploading && <LibraryUpload onClose={() => setUploading(false)} onImported={reload} />}
    </>
  );
}
