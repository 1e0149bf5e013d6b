import AdminTable, { type Listing } from '@/features/admin/AdminTable';
import ArticleDrawer from '@/features/admin/ArticleDrawer';
import { listArticles, setArticlePublished, type AdminArticle, type AdminArticleQuery } from '@/features/admin/api';
import { actionsColumn, useListDialog, useTableActions } from '@/features/admin/tableActions';
import { formatTime } from '@/utils/time';
import { PlusOutlined } from '@ant-design/icons';
import type { ProColumns } from '@ant-design/pro-table';
import { Button, Switch } from 'antd';
import { ARTICLE_CATEGORIES } from '../../../../common/content';
import { formatCount } from '../../../../common/formatCount';

const categoryEnum = Object.fromEntries(ARTICLE_CATEGORIES.map((c) => [c, { text: c }]));
const stateEnum = { true: { text: '已发布', status: 'Success' }, false: { text: '未发布', status: 'Default' } };

function columns(edit: (article: AdminArticle) => void, publish: (article: AdminArticle, published: boolean) => void): ProColumns<AdminArticle>[] {
  return [
    { title: '标题', dataIndex: 'title', ellipsis: true, width: 280 },
    { title: '栏目', dataIndex: 'category', valueEnum: categoryEnum },
    { title: '状态', dataIndex: 'published', valueEnum: stateEnum, hideInTable: true },
    {
      title: '发布',
      key: 'publishSwitch',
      dataIndex: 'published',
      search: false,
      render: (_, article) => (
        <Switch
          checked={article.published}
          checkedChildren="已发布"
          unCheckedChildren="未发布"
          aria-label={`发布 ${article.title}`}
          onChange={(on) => publish(article, on)}
        />
      ),
    },
    { title: '发布时间', dataIndex: 'publishedAt', search: false, render: (_, article) => (article.published ? formatTime(article.publishedAt) : '—') },
    { title: '阅读', dataIndex: 'viewCount', search: false, render: (_, article) => formatCount(article.viewCount) },
    actionsColumn((article) => <a onClick={() => edit(article)}>编辑</a>),
  ];
}

const listing: Listing<AdminArticle, AdminArticleQuery> = { what: '文章列表', emptyText: '没有符合条件的文章，可以点“新建文章”写一篇', fetch: listArticles };

/** 文章: every article, published or not; write, edit, publish and take down. */
export default function AdminArticles() {
  const { actionRef, reload, act } = useTableActions();
  // null: a new article
  const editor = useListDialog<AdminArticle | null>(reload);
  const publish = (article: AdminArticle, published: boolean) =>
    act(() => setArticlePublished(article.id, published), published ? '发布失败' : '下线失败', published ? '文章已发布' : '文章已下线');
  return (
    <>
      <AdminTable
        listing={listing}
        actionRef={actionRef}
        columns={columns(editor.open, publish)}
        toolBar={[
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => editor.open(null)}>
            新建文章
          </Button>,
        ]}
      />
      {editor.item !== undefined && <ArticleDrawer article={editor.item ?? undefined} onClose={editor.close} onDone={editor.done} />}
    </>
  );
}
