import LoadError from '@/components/LoadError';
import RetryAlert from '@/components/RetryAlert';
import { useCurrentUser } from '@/features/account/useCurrentUser';
import {
  createReview,
  listSystems,
  OFF_SALE_NOTICE,
  updateReview,
  uploadPaper,
  type ReviewSystem,
  type Paper,
  type Review,
  type ReviewForm as ReviewFields,
} from '@/features/review/api';
import PriceChanged from '@/features/order/PriceChanged';
import { useResult } from '@/hooks/useResult';
import { useUploadProgress } from '@/hooks/useUploadProgress';
import { bodyOfError, priceChangeOf, refusalOf as answerRefusalOf } from '@/utils/errorHandler';
import { submitForm } from '@/utils/formErrors';
import { formatFen } from '@/utils/money';
import { paperCount, paperRules } from '@/utils/formRules';
import { paths } from '@/utils/paths';
import { Alert, Button, Card, Form, Input, Radio, Segmented, Skeleton, Space, Spin, Statistic, Typography, type FormInstance } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'umi';
import { PAPER_UPLOAD, refusalOf } from '../../../../common/api';
import { priceLine } from '../../../../common/price';
import styles from './index.less';
import { clearDraft, useDraft, type Mode } from './draft';
import PaperUpload, { type Uploaded } from './PaperUpload';
import { useQuote, type Quote } from './useQuote';

/**
 * Where a chosen file is until the server has its count: its bytes being sent, then read (a PDF
 * takes seconds), or waiting to be sent again while the account's previous file is still read.
 */
export type FileStage = 'sending' | 'reading' | 'waiting';

const STAGE_TEXT: Record<FileStage, string> = { sending: '正在上传文件…', reading: '正在读取文件…', waiting: '正在等待上一个文件读完…' };

interface QuoteLineProps {
  quote?: Quote;
  error?: string;
  onRetry?: () => void;
  hasPaper: boolean;
  /** a file on its way: said (with a spinner) in place of an older price */
  stage?: FileStage;
}

/** The count and the price, once the server has them; what is missing meanwhile. */
function QuoteLine({ quote, error, onRetry, hasPaper, stage }: QuoteLineProps) {
  return (
    <div className={styles.quote} aria-live="polite">
      {stage ? (
        <Space>
          <Spin size="small" />
          <Typography.Text type="secondary">{STAGE_TEXT[stage]}</Typography.Text>
        </Space>
      ) : quote ? (
        <Space size={32} wrap>
          <Statistic title="检测字数" value={quote.charCount} suffix="字" />
          <Statistic title="应付金额" value={formatFen(quote.amountFen)} />
          <Typography.Text type="secondary" className={styles.priceLine}>
            计价：{priceLine(quote.price)}
          </Typography.Text>
        </Space>
      ) : error ? (
        <RetryAlert type="warning" message={error} onRetry={onRetry} />
      ) : (
        <Typography.Text type="secondary">{hasPaper ? '正在计算字数和价格…' : '上传或粘贴论文后，这里会显示字数和价格'}</Typography.Text>
      )}
    </div>
  );
}

/** The starting details: an unpaid check's own, or what 基本信息 holds (docs/ux.md). */
function initialValues(review: Review | undefined, user?: { realName: string | null; school: string | null; major: string | null }) {
  if (review) return { title: review.title, author: review.author, school: review.school ?? '', major: review.major ?? '' };
  return { author: user?.realName ?? '', school: user?.school ?? '', major: user?.major ?? '' };
}

/** The system a form starts with: the one asked for (the check's own, or the link's) while it is on sale, else the first on sale. */
function startingSystem(systems: ReviewSystem[], asked: string | null) {
  const onSale = systems.some((s) => s.id === asked);
  return { systemId: onSale ? asked! : systems[0]?.id, offSale: Boolean(asked) && !onSale };
}

/** What is sent: the details, and the paper (without a new file or text, an unpaid check keeps the paper it has). */
function bodyOf(values: ReviewFields, mode: Mode, uploaded?: Uploaded): ReviewFields {
  const { text: pasted, ...details } = values;
  return { ...details, ...(mode === 'upload' ? { uploadId: uploaded?.uploadId } : { text: pasted?.trim() ? pasted : undefined }) };
}

/**
 * A new check, or an unpaid one changed: either way an order to pay, at the price the form showed.
 * A refusal is said by the form (submitForm, or the price-changed notice), not again as a toast.
 */
const saveReview = (review: Review | undefined, body: ReviewFields) =>
  review ? updateReview(review.id, body, { refusalShownByPage: true }) : createReview(body, { refusalShownByPage: true });

/** Saves at the price the form showed (`quotedFen`); a price changed meanwhile is handed to `onPriceChanged`, in the server's words. */
async function saveAtQuote(review: Review | undefined, body: ReviewFields, onPriceChanged: (said: string) => void) {
  try {
    return await saveReview(review, body);
  } catch (error) {
    const said = priceChangeOf(error);
    if (!said) throw error;
    onPriceChanged(said);
    return undefined;
  }
}

/** The paper to price: a new file or text, else an unpaid check's own paper. */
function paperOfForm(mode: Mode, uploaded: Uploaded | undefined, text: string | undefined, review: Review | undefined): Paper | undefined {
  const own = review ? { reviewId: review.id } : undefined;
  if (mode === 'upload') return uploaded ? { uploadId: uploaded.uploadId } : own;
  return text?.trim() ? { text } : own;
}

/**
 * While the account's previous file is still being read (a reload during a reading: 429
 * FILE_BEING_READ, one file at a time), the upload is sent again this often, for about as long as
 * the server reads a file at most (a minute).
 */
export const BUSY_RETRY_MS = 3_000;
const BUSY_RETRIES = 20;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The paper's file: checked here first, then uploaded with its progress, and sent again by itself
 * while the account's previous file is still read; its title fills an empty 论文题目. A file that
 * could not go (no answer, a fault, or the previous file still read after all the tries) may be
 * sent again (`retry`).
 */
function usePaperFile(form: FormInstance<ReviewFields>, kept?: Uploaded) {
  const [uploaded, setUploaded] = useState<Uploaded | undefined>(kept);
  const upload = useUploadProgress();
  const [uploadError, setUploadError] = useState<string>();
  const [waiting, setWaiting] = useState(false);
  const [failed, setFailed] = useState<File>();
  // the file chosen last: the tries for an earlier one end when another is chosen or the form is left
  const latest = useRef(0);
  useEffect(
    () => () => {
      latest.current += 1;
    },
    [],
  );

  /** The upload's answer; undefined when another file was chosen meanwhile. */
  const send = async (file: File, chosen: number) => {
    for (let tries = 0; ; tries += 1) {
      try {
        return (await upload.track((onUploadProgress) => uploadPaper(file, { onUploadProgress }))).result;
      } catch (error) {
        if (bodyOfError(error)?.errorCode !== 'FILE_BEING_READ' || tries >= BUSY_RETRIES) throw error;
      }
      setWaiting(true);
      await pause(BUSY_RETRY_MS);
      if (latest.current !== chosen) return undefined;
    }
  };

  const onFile = async (file: File) => {
    latest.current += 1;
    const chosen = latest.current;
    setUploadError(undefined);
    setFailed(undefined);
    setWaiting(false);
    const refusal = refusalOf(PAPER_UPLOAD, file);
    if (refusal) {
      setUploadError(refusal);
      return false;
    }
    try {
      const result = await send(file, chosen);
      if (!result || latest.current !== chosen) return false;
      setUploaded(result);
      // what the file already says is not asked again (docs/ux.md): its title, unless one was typed
      if (result.title && !form.getFieldValue('title')?.trim()) form.setFieldValue('title', result.title);
    } catch (error) {
      if (latest.current !== chosen) return false;
      const body = bodyOfError(error);
      setUploadError(body?.message ?? '上传失败，请检查网络后重试');
      if (!answerRefusalOf(error) || body?.errorCode === 'FILE_BEING_READ') setFailed(file);
    } finally {
      if (latest.current === chosen) setWaiting(false);
    }
    return false;
  };
  // all the bytes sent and no answer yet: the server is reading the file
  const sentStage: FileStage | undefined = upload.percent === undefined ? undefined : upload.percent >= 100 ? 'reading' : 'sending';
  const stage: FileStage | undefined = waiting ? 'waiting' : sentStage;
  const onRetry = failed && (() => void onFile(failed));
  // `uploaded` and `stage` for the form; the rest for the drop zone (PaperUpload)
  return { uploaded, stage, drop: { onFile, percent: upload.percent, waiting, error: uploadError, onRetry } };
}

/**
 * The check systems, each with its price per thousand characters. A system asked for that is off sale
 * (`askedOffSale`) is said until the student picks one, the one the form started on too; and so is
 * a chosen one that is no longer on sale.
 */
function SystemChoice({ systems, askedOffSale }: { systems: ReviewSystem[]; askedOffSale: boolean }) {
  const [picked, setPicked] = useState(false);
  const chosen = Form.useWatch('systemId', Form.useFormInstance());
  const pick = () => setPicked(true);
  const offSale = (askedOffSale && !picked) || Boolean(chosen && !systems.some((s) => s.id === chosen));
  return (
    <>
      {offSale && <Alert type="warning" showIcon message={OFF_SALE_NOTICE} style={{ marginBottom: 16 }} />}
      <Form.Item name="systemId" label="检测系统" rules={[{ required: true, message: '请选择检测系统' }]}>
        <Radio.Group className={styles.systems} onChange={pick}>
          {systems.map((s) => (
            <Radio.Button key={s.id} value={s.id} onClick={pick}>
              {s.name} · {formatFen(s.pricePerThousandFen)}/千字
            </Radio.Button>
          ))}
        </Radio.Group>
      </Form.Item>
    </>
  );
}

/** The paper's details: title, author, school and major, within the server's limits. */
function PaperDetails({ filledFromProfile }: { filledFromProfile: boolean }) {
  return (
    <>
      <Form.Item name="title" label="论文题目" rules={paperRules('title', '请填写论文题目')}>
        <Input placeholder="与论文封面一致" count={paperCount('title')} />
      </Form.Item>
      <Form.Item name="author" label="作者" extra={filledFromProfile ? '已按基本信息填好，可修改' : undefined} rules={paperRules('author', '请填写作者姓名')}>
        <Input count={paperCount('author')} />
      </Form.Item>
      <div className={styles.pair}>
        <Form.Item name="school" label="学校" className={styles.half} rules={paperRules('school')}>
          <Input count={paperCount('school')} />
        </Form.Item>
        <Form.Item name="major" label="专业" className={styles.half} rules={paperRules('major')}>
          <Input count={paperCount('major')} />
        </Form.Item>
      </div>
    </>
  );
}

/** The paper: a file (`upload`, the drop zone) or pasted text, as the student chooses. */
function PaperInput({ mode, onMode, upload }: { mode: Mode; onMode: (mode: Mode) => void; upload: ReactNode }) {
  return (
    <>
      <Form.Item label="论文" name="paper" required>
        <Segmented<Mode>
          value={mode}
          onChange={onMode}
          options={[
            { label: '上传文件', value: 'upload' },
            { label: '粘贴文本', value: 'text' },
          ]}
        />
      </Form.Item>
      {mode === 'upload' ? (
        upload
      ) : (
        <Form.Item name="text" rules={paperRules('text')}>
          <Input.TextArea rows={10} placeholder="把论文全文粘贴到这里" aria-label="论文全文" />
        </Form.Item>
      )}
    </>
  );
}

/**
 * The check's form: the system, the paper's details, and the paper itself (a file, or pasted text),
 * with the exact character count and price before submitting; submitting creates (or, for an
 * unpaid check, updates) the check and its order and goes to payment.
 */
export default function ReviewFormCard({ review }: { review?: Review }) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<ReviewFields & { paper?: never }>();
  const systems = useResult(() => listSystems(), []);
  const { currentUser } = useCurrentUser();
  // a new check's form as the student left it in this tab (a login on the way back, a reload)
  const { draft, keep } = useDraft(form, Boolean(review), currentUser?.id);
  const [mode, setMode] = useState<Mode>(draft?.mode ?? 'upload');
  const { uploaded, stage, drop } = usePaperFile(form, draft?.uploaded);
  const [submitting, setSubmitting] = useState(false);
  const systemId = Form.useWatch('systemId', form);
  const text = Form.useWatch('text', form);

  const paper = paperOfForm(mode, uploaded, text, review);
  // the price, from the server, whenever the system or the paper changes
  const { quote, error: quoteError, retry: retryQuote, requote } = useQuote(systemId, paper, [mode, uploaded?.uploadId, text], mode === 'text');
  const [priceChanged, setPriceChanged] = useState<string>();
  // pasted text is named from its first line or sentence, unless a title was typed
  useEffect(() => {
    if (mode === 'text' && quote?.title && !form.getFieldValue('title')?.trim()) form.setFieldValue('title', quote.title);
  }, [mode, quote, form]);
  useEffect(() => keep(mode, uploaded), [mode, uploaded]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = async (values: ReviewFields) => {
    if (!paper) {
      form.setFields([{ name: 'paper', errors: ['请上传论文文件或粘贴论文内容'] }]);
      return;
    }
    setSubmitting(true);
    setPriceChanged(undefined);
    const onPriceChanged = (said: string) => {
      // nothing was ordered: the new price is shown before the student submits again
      setPriceChanged(said);
      systems.reload();
      requote();
    };
    const done = await submitForm(form, () => saveAtQuote(review, { ...bodyOf(values, mode, uploaded), quotedFen: quote?.amountFen }, onPriceChanged));
    setSubmitting(false);
    if (!done) return;
    clearDraft();
    // a new check: its own address takes this form's place, so back from payment shows this check
    // to change (修改查重信息), as the pay page's link does, not an empty form that orders it again
    if (!review) navigate(paths.reviewInfo(done.result.review.id), { replace: true });
    navigate(paths.pay(done.result.orderId));
  };

  if (systems.error && !systems.data) return <LoadError what="查重系统" onRetry={systems.reload} />;
  if (!systems.data) return <Skeleton active paragraph={{ rows: 10 }} />;

  // a new check's system is the link's, never a kept form's: the form writes each choice into the
  // link, so a login on the way back brings the student's last choice
  const { systemId: startingId, offSale } = startingSystem(systems.data, review?.systemId ?? params.get('systemId'));
  const initial = { ...initialValues(review, currentUser), ...draft?.values, systemId: startingId };

  return (
    <Card className={styles.card}>
      <h1 className={styles.title}>{review ? '修改查重信息' : '填写查重信息'}</h1>
      <Typography.Paragraph type="secondary">提交后先付款，付款后立即开始检测。论文只用于本次检测，不会收入比对库，30 天后自动删除。</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={submit}
        onValuesChange={(changed: Partial<ReviewFields>, all) => {
          keep(mode, uploaded, all);
          if (!review && changed.systemId) setParams(new URLSearchParams({ ...Object.fromEntries(params), systemId: changed.systemId }), { replace: true });
        }}
        requiredMark
        className={styles.form}
      >
        <SystemChoice systems={systems.data} askedOffSale={offSale} />
        <PaperDetails filledFromProfile={Boolean(currentUser?.realName && !review)} />
        <PaperInput mode={mode} onMode={setMode} upload={<PaperUpload {...drop} uploaded={uploaded} review={review} />} />
        {priceChanged && <PriceChanged said={priceChanged} next="新的字数和价格见下方，确认后再点一次提交。" />}
        <QuoteLine quote={quote} error={quoteError} onRetry={retryQuote} hasPaper={paper !== undefined} stage={mode === 'upload' ? stage : undefined} />
        <Space wrap>
          <Button type="primary" htmlType="submit" size="large" loading={submitting} disabled={!quote || stage !== undefined}>
            {review ? '保存并去支付' : '提交并去支付'}
          </Button>
          <Link to={paths.reviewHome}>
            <Button size="large">返回选择系统</Button>
          </Link>
        </Space>
      </Form>
    </Card>
  );
}
