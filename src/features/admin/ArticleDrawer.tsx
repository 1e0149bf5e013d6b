import ArticleBody from '@/components/ArticleBody';
import { submitConfirmed } from '@/utils/formErrors';
import { DrawerForm, ProFormSelect, ProFormSwitch, ProFormText, ProFormTextArea } from '@ant-design/pro-form';
import { Col, Form, Modal, Row } from 'antd';
import { useMemo } from 'react';
import { ARTICLE_CATEGORIES } from '../../../common/content';
import { renderMarkdown } from '../../../common/markdown';
import { createArticle, setArticlePublished, updateArticle, type AdminArticle, type ArticleBody as Body } from './api';
import { useNarrowerThan } from '@/hooks/useNarrowerThan';

type ArticleForm = Body & { published: boolean };

/** The body as readers will see it, rendered as the server renders it (common/markdown.ts). */
function Preview({ source }: { source: string | undefined }) {
  const html = useMemo(() => renderMarkdown(source ?? ''), [source]);
  return (
    <section aria-label="预览" style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '8px 16px', minHeight: 200 }}>
      {source?.trim() ? <ArticleBody html={html} /> : <p style={{ color: 'rgba(0,0,0,0.45)' }}>正文的预览显示在这里。</p>}
    </section>
  );
}

/** Saves the text, then publishes or takes down when the switch was moved; one call per change. */
async function save(article: AdminArticle | undefined, { published, ...body }: ArticleForm) {
  if (!article) return createArticle({ ...body, published });
  const saved = await updateArticle(article.id, body);
  return published === saved.result.published ? saved : setArticlePublished(article.id, published);
}

/** Writing or editing an article: Markdown with a live preview, its category, and whether it is published. */
export default function ArticleDrawer({ article, onClose, onDone }: { article?: AdminArticle; onClose: () => void; onDone: () => void }) {
  const [form] = Form.useForm<ArticleForm>();
  const source = Form.useWatch('body', form);
  const phone = useNarrowerThan('md');
  // ✕, Esc and 取消 all close here: what was written is not thrown away without asking
  const close = () => {
    if (!form.isFieldsTouched()) return onClose();
    Modal.confirm({ title: '放弃未保存的修改？', content: '关闭后，这次写下的内容不会保存。', okText: '放弃修改', cancelText: '继续编辑', onOk: onClose });
  };
  const initialValues = article
    ? {
        title: article.title,
        category: article.category as Body['category'],
        summary: article.summary,
        author: article.author,
        tags: article.tags,
        body: article.body,
        published: article.published,
      }
    : { category: ARTICLE_CATEGORIES[0], published: false };
  return (
    <DrawerForm<ArticleForm>
      title={article ? '编辑文章' : '新建文章'}
      // its own ids: the list's search form has a 标题 field too
      name="article"
      open
      form={form}
      width={phone ? '100%' : 1080}
      initialValues={initialValues}
      drawerProps={{ destroyOnClose: true, onClose: close, maskClosable: false }}
      submitter={{ searchConfig: { submitText: '保存', resetText: '取消' } }}
      onFinish={async (values) => {
        const answer = await submitConfirmed(form, () => save(article, values), '保存失败', '文章已保存');
        if (!answer) return false;
        onDone();
        return true;
      }}
    >
      <ProFormText name="title" label="标题" rules={[{ required: true, whitespace: true, message: '请填写标题' }]} fieldProps={{ maxLength: 200 }} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <ProFormSelect
            name="category"
            label="栏目"
            options={ARTICLE_CATEGORIES.map((c) => ({ label: c, value: c }))}
            rules={[{ required: true, message: '请选择栏目' }]}
          />
        </Col>
        <Col xs={24} md={8}>
          <ProFormText name="author" label="作者" placeholder="智能论文编辑部" fieldProps={{ maxLength: 60 }} />
        </Col>
        <Col xs={24} md={8}>
          <ProFormSwitch name="published" label="发布" checkedChildren="已发布" unCheckedChildren="草稿" />
        </Col>
      </Row>
      <ProFormSelect name="tags" label="标签" mode="tags" placeholder="输入后回车，最多 10 个" fieldProps={{ maxCount: 10 }} />
      <ProFormTextArea name="summary" label="摘要" placeholder="留空则取正文开头" fieldProps={{ maxLength: 300, showCount: true, rows: 2 }} />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ProFormTextArea
            name="body"
            label="正文（Markdown）"
            rules={[{ required: true, whitespace: true, message: '请填写正文' }]}
            fieldProps={{ rows: phone ? 10 : 22, style: { fontFamily: 'monospace' } }}
          />
        </Col>
        <Col xs={24} md={12}>
          <div style={{ marginBottom: 8 }}>预览</div>
          <Preview source={source} />
        </Col>
      </Row>
    </DrawerForm>
  );
}
