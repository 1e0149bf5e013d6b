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

/**
 * Each column's width, so that the whole row reads at 1280 px beside the menu (about 890 px with the
 * upload button's bar): the title, the authors and the time wrap, a long file name ends in an
 * ellipsis (whole on hover). On a phone a row shows its title and year (`PHONE`).
 */
const WIDTHS = { title: 210, authors: 100, type: 60, discipline: 96, year: 64, charCount: 72, fileName: 110, createdAt: 100, actions: 64 };
const PHONE = { title: 170, year: 64 };

function columns(remove: (paper: LibraryDocument) => void): ProColumns<LibraryDocument>[] {
  return [
    { title: '关键词', dataIndex: 'q', hideInTable: true, fieldProps: { placeholder: '题目、关键词或正文中的词' } },
    // wrapped, not cut with an ellipsis: a phone has no hover to show the rest
    { title: '题目', dataIndex: 'title', search: false, width: WIDTHS.title },
    { title: '作者', dataIndex: 'authors', search: false, width: WIDTHS.authors, render: (_, paper) => paper.authors.join('、') || '佚名' },
    { title: '类型', dataIndex: 'type', search: false, width: WIDTHS.type },
    { title: '学科', dataIndex: 'discipline', search: false, width: WIDTHS.discipline },
    { title: '年份', dataIndex: 'year', search: false, width: WIDTHS.year },
    { title: '字数', dataIndex: 'charCount', search: false, width: WIDTHS.charCount, render: (_, paper) => formatCount(paper.charCount) },
    { title: '原始文件', dataIndex: 'fileName', search: false, ellipsis: true, width: WIDTHS.fileName, render: (_, paper) => paper.fileName ?? '—' },
    { title: '入库时间', dataIndex: 'createdAt', search: false, width: WIDTHS.createdAt, render: (_, paper) => formatTime(paper.createdAt) },
    actionsColumn(
      (paper) => (
        <ConfirmLink
          question={`从文献库移除《${paper.title}》？`}
          consequence="移除后，之后的检测不再比对这篇论文；已出的报告不变。"
          okText="移除"
          danger
          onConfirm={() => remove(paper)}
        >
          移除
        </ConfirmLink>
      ),
      WIDTHS.actions,
    ),
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
        phoneColumns={PHONE}
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
