import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import { createReview, getReview, listSystems, quoteReview, updateReview, uploadPaper, type Review, type ReviewForm } from '@/features/review/api';
import { bodyOfError } from '@/utils/errorHandler';
import { submitForm } from '@/utils/formErrors';
import { formatFen } from '@/utils/money';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Progress, Radio, Segmented, Skeleton, Space, Statistic, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'umi';
import ReviewStatusCard from '@/features/review/ReviewStatusCard';
import styles from './index.less';
import { PAPER_UPLOAD, refusalOf, UPLOAD_MAX_MB } from '../../../../common/api';

type Mode = 'upload' | 'text';
type Uploaded = { uploadId: string; fileName: string; charCount: number; title: string | null };
type Quote = { charCount: number; amountFen: number };

/**
 * /review/info and /review/info/{reviewId}: the paper's details and the paper itself (a file, or
 * pasted text), the exact character count and price before submitting; submitting creates the
 * check and its order and goes to payment. With a reviewId: an unpaid check is edited or paid,
 * a paid one shows its status and report.
 */
export default function ReviewInfoPage() {
  const { reviewId } = useParams<{ reviewId?: string }>();
  const existing = useResult(() => (reviewId ? getReview(reviewId) : Promise.resolve({ result: undefined })), [reviewId]);
  const review = existing.data as Review | undefined;

  if (reviewId && existing.error && !review) return <LoadError what="查重记录" onRetry={existing.reload} />;
  if (reviewId && !review) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (review && review.status !== 'unpaid') return <ReviewStatusCard review={review} />;
  return <ReviewFormCard review={review} />;
}

function ReviewFormCard({ review }: { review?: Review }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [form] = Form.useForm<ReviewForm & { paper?: never }>();
  const systems = useResult(() => listSystems(), []);
  const [mode, setMode] = useState<Mode>('upload');
  const [uploaded, setUploaded] = useState<Uploaded>();
  const [uploading, setUploading] = useState<number>();
  const [uploadError, setUploadError] = useState<string>();
  const [quote, setQuote] = useState<Quote>();
  const [quoteError, setQuoteError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const { currentUser } = useCurrentUser();
  const systemId = Form.useWatch('systemId', form);
  const text = Form.useWatch('text', form);

  const paper = mode === 'upload' ? (uploaded ? { uploadId: uploaded.uploadId } : review ? { reviewId: review.id } : undefined) : text?.trim() ? { text } : review ? { reviewId: review.id } : undefined;

  // the price, from the server, whenever the system or the paper changes (typing is waited out)
  useEffect(() => {
    setQuote(undefined);
    setQuoteError(undefined);
    if (!systemId || !paper) return undefined;
    let current = true;
    const timer = setTimeout(() => {
      quoteReview({ systemId, ...paper })
        .then(({ result }) => current && setQuote(result))
        .catch((error) => current && setQuoteError(bodyOfError(error)?.message ?? '暂时无法计算价格，请稍后重试'));
    }, mode === 'text' ? 600 : 0);
    return () => {
      current = false;
      clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [systemId, mode, uploaded?.uploadId, text]);

  const onFile = async (file: File) => {
    setUploadError(undefined);
    const refusal = refusalOf(PAPER_UPLOAD, file);
    if (refusal) {
      setUploadError(refusal);
      return false;
    }
    setUploading(0);
    try {
      const { result } = await uploadPaper(file, { onUploadProgress: (e) => setUploading(e.total ? Math.round((e.loaded / e.total) * 100) : 0) });
      setUploaded(result);
      // what the file already says is not asked again (docs/ux.md): its title, unless one was typed
      if (result.title && !form.getFieldValue('title')?.trim()) form.setFieldValue('title', result.title);
    } catch (error) {
      setUploadError(bodyOfError(error)?.message ?? '上传失败，请检查网络后重试');
    } finally {
      setUploading(undefined);
    }
    return false;
  };

  const submit = async (values: ReviewForm) => {
    if (!paper) {
      form.setFields([{ name: 'paper', errors: ['请上传论文文件或粘贴论文内容'] }]);
      return;
    }
    setSubmitting(true);
    const { text: pasted, ...details } = values;
    // without a new file or text, an unpaid check keeps the paper it has
    const body: ReviewForm = { ...details, ...(mode === 'upload' ? { uploadId: uploaded?.uploadId } : { text: pasted?.trim() ? pasted : undefined }) };
    const done = await submitForm(form, () => (review ? updateReview(review.id, body) : createReview(body)));
    setSubmitting(false);
    if (done) navigate(`/pay/${done.result.orderId}`);
  };

  if (systems.error && !systems.data) return <LoadError what="查重系统" onRetry={systems.reload} />;
  if (!systems.data) return <Skeleton active paragraph={{ rows: 10 }} />;

  const initial = review
    ? { systemId: review.systemId, title: review.title, author: review.author, school: review.school ?? '', major: review.major ?? '' }
    : {
        systemId: systems.data.find((s) => s.id === params.get('systemId'))?.id ?? systems.data[0]?.id,
        // what 基本信息 holds is not asked again (docs/ux.md)
        author: currentUser?.realName ?? '',
        school: currentUser?.school ?? '',
        major: currentUser?.major ?? '',
      };

  return (
    <Card className={styles.card}>
      <h1 className={styles.title}>{review ? '修改查重信息' : '填写查重信息'}</h1>
      <Typography.Paragraph type="secondary">
        提交后先付款，付款后立即开始检测。论文只用于本次检测，不会收入比对库，30 天后自动删除。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} requiredMark className={styles.form}>
        <Form.Item name="systemId" label="检测系统" rules={[{ required: true, message: '请选择检测系统' }]}>
          <Radio.Group className={styles.systems}>
            {systems.data.map((s) => (
              <Radio.Button key={s.id} value={s.id}>
                {s.name} · {formatFen(s.pricePerThousandFen)}/千字
              </Radio.Button>
            ))}
          </Radio.Group>
        </Form.Item>
        <Form.Item name="title" label="论文题目" rules={[{ required: true, whitespace: true, message: '请填写论文题目' }, { max: 200, message: '论文题目请在 200 字以内' }]}>
          <Input placeholder="与论文封面一致" maxLength={200} />
        </Form.Item>
        <Form.Item name="author" label="作者" extra={currentUser?.realName && !review ? '已按基本信息填好，可修改' : undefined} rules={[{ required: true, whitespace: true, message: '请填写作者姓名' }, { max: 60, message: '作者姓名请在 60 字以内' }]}>
          <Input maxLength={60} />
        </Form.Item>
        <div className={styles.pair}>
          <Form.Item name="school" label="学校" className={styles.half}>
            <Input maxLength={80} />
          </Form.Item>
          <Form.Item name="major" label="专业" className={styles.half}>
            <Input maxLength={80} />
          </Form.Item>
        </div>
        <Form.Item label="论文" name="paper" required>
          <Segmented<Mode> value={mode} onChange={setMode} options={[{ label: '上传文件', value: 'upload' }, { label: '粘贴文本', value: 'text' }]} />
        </Form.Item>
        {mode === 'upload' ? (
          <div className={styles.paper}>
            <Upload.Dragger accept={PAPER_UPLOAD.accept} showUploadList={false} beforeUpload={onFile} disabled={uploading !== undefined} aria-label="上传论文文件">
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p>点击或拖入论文文件</p>
              <p className={styles.hint}>支持 .docx、.pdf、.txt（UTF-8 或 GBK），不超过 {UPLOAD_MAX_MB} MB</p>
            </Upload.Dragger>
            {uploading !== undefined && <Progress percent={uploading} status="active" aria-label="上传进度" />}
            {uploadError && <Alert type="error" showIcon message={uploadError} className={styles.notice} />}
            {uploaded && <Alert type="success" showIcon message={`已上传：${uploaded.fileName}（${uploaded.charCount.toLocaleString('zh-CN')} 字）`} className={styles.notice} />}
            {!uploaded && review && !review.paperDeleted && (
              <Alert type="info" showIcon message={`沿用已提交的论文${review.fileName ? `：${review.fileName}` : ''}（${review.charCount.toLocaleString('zh-CN')} 字），也可以上传新文件替换`} className={styles.notice} />
            )}
          </div>
        ) : (
          <Form.Item name="text" rules={[{ max: 600_000, message: '粘贴的内容太长，请改为上传文件' }]}>
            <Input.TextArea rows={10} placeholder="把论文全文粘贴到这里" aria-label="论文全文" />
          </Form.Item>
        )}
        <div className={styles.quote} aria-live="polite">
          {quote ? (
            <Space size={32} wrap>
              <Statistic title="检测字数" value={quote.charCount} suffix="字" />
              <Statistic title="应付金额" value={formatFen(quote.amountFen)} />
            </Space>
          ) : quoteError ? (
            <Alert type="warning" showIcon message={quoteError} />
          ) : (
            <Typography.Text type="secondary">{paper ? '正在计算字数和价格…' : '上传或粘贴论文后，这里会显示字数和价格'}</Typography.Text>
          )}
        </div>
        <Space wrap>
          <Button type="primary" htmlType="submit" size="large" loading={submitting} disabled={!quote}>
            {review ? '保存并去支付' : '提交并去支付'}
          </Button>
          <Link to="/review/home">
            <Button size="large">返回选择系统</Button>
          </Link>
        </Space>
      </Form>
    </Card>
  );
}
