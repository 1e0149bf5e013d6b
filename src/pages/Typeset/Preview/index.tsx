import LinkButton from '@/components/LinkButton';
import PagePictures, { PAGES_CARD_BODY } from '@/features/typeset/PagePictures';
import { isServerNotice } from '../../../../common/typesetNotices';
import LoadError from '@/components/LoadError';
import { atWork } from '@/utils/atWork';
import { useResult } from '@/hooks/useResult';
import { createOrder } from '@/features/order/api';
import { getTypeset, previewPageUrl, typesetFiles, type Typeset } from '@/features/typeset/api';
import DownloadButton from '@/components/DownloadButton';
import { formatFen } from '@/utils/money';
import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Progress, Result, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'umi';
import { paths } from '@/utils/paths';
import { handleRequestError, priceChangeOf } from '@/utils/errorHandler';
import PriceChanged from '@/features/order/PriceChanged';

/** A preview page: one width (the server draws it at 96 dpi, an A4 page 794 px wide), also opened full size. */
const previewPicture = (typeset: Typeset) => (page: number) => {
  const url = previewPageUrl(typeset.id, page);
  return { src: url, srcSet: `${url} 794w`, full: url };
};

/** The stage a running typesetting is at, from what the server reports (modules/typeset/service.ts). */
function stageOf(typeset: Typeset) {
  if (typeset.status === 'queued') return '排队中，马上开始';
  if (typeset.progress < 20) return '正在读取稿件';
  if (typeset.progress < 45) return '稿件已读取，正在排版';
  return typeset.progress < 90 ? '已排出页面，正在核对目录页码' : '目录页码已核对，正在生成预览';
}

/** While the job runs: where it is, and that the student may leave. */
function Running({ typeset }: { typeset: Typeset }) {
  return (
    <Card styles={{ body: PAGES_CARD_BODY }}>
      <h1 style={{ fontSize: 22, marginTop: 0 }}>排版预览</h1>
      <Typography.Paragraph>
        正在按「{typeset.templateName}」排版《{typeset.title}》，通常不到一分钟；可以离开本页，稍后在排版记录里打开。
      </Typography.Paragraph>
      <Progress percent={typeset.progress} status="active" aria-label="排版进度" />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
        {stageOf(typeset)}
      </Typography.Paragraph>
    </Card>
  );
}

/** Pay (which opens the order's payment page), or once paid the downloads. */
function PayOrDownload({ typeset, onPriceChanged }: { typeset: Typeset; onPriceChanged: (said: string) => void }) {
  const navigate = useNavigate();
  const [ordering, setOrdering] = useState(false);
  const pay = async () => {
    setOrdering(true);
    try {
      // at the price on the button: a price changed meanwhile is said by the page, not as a toast
      navigate(paths.pay((await createOrder('typeset', typeset.id, typeset.priceFen, { skipErrorHandler: true })).result.id));
    } catch (error) {
      setOrdering(false);
      const said = priceChangeOf(error);
      if (said) onPriceChanged(said);
      else handleRequestError(error);
    }
  };
  if (!typeset.paid) {
    return (
      <Button type="primary" size="large" loading={ordering} onClick={pay}>
        {typeset.refunded ? '重新付款并下载' : '付款并下载'} {formatFen(typeset.priceFen)}
      </Button>
    );
  }
  // fetched in place: offline or with an ended login the preview stays (or the login page comes), never an error page
  const files = typesetFiles(typeset);
  // a Space of their own: the page's Space sees this component as one item, and would set them touching
  return (
    <Space wrap>
      <DownloadButton type="primary" size="large" icon={<DownloadOutlined aria-hidden />} {...files.docx} what="Word 文档">
        下载 Word 文档
      </DownloadButton>
      {typeset.pdf && (
        <DownloadButton size="large" icon={<DownloadOutlined aria-hidden />} {...files.pdf} what="PDF">
          下载 PDF
        </DownloadButton>
      )}
    </Space>
  );
}

/** What the engine could not place as written, for the student to check; and the server's own notices, said apart. */
function Warnings({ warnings }: { warnings: string[] }) {
  const toCheck = warnings.filter((w) => !isServerNotice(w));
  const notices = warnings.filter(isServerNotice);
  return (
    <>
      {toCheck.length > 0 && (
        <Alert
          type="warning"
          showIcon
          message={`有 ${toCheck.length} 处需要您核对`}
          description={
            <ul style={{ margin: 0, paddingLeft: 20 }}>
              {toCheck.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      )}
      {notices.map((n) => (
        <Alert key={n} type="info" showIcon message={n} />
      ))}
    </>
  );
}

/** Where the document stands with payment: paid, refunded in full (no longer paid: it may be bought again), or not yet paid. */
function saidOfPayment(typeset: Typeset, formats: string) {
  if (typeset.paid) return `已付款，可以下载无水印的 ${formats}。`;
  if (typeset.refunded) return `这份排版的订单已全额退款，不能再下载；如仍需要，可重新付款后下载无水印的 ${formats}。`;
  return `预览带水印，只能查看不能复制；付款后下载无水印的 ${formats}。`;
}

/** The finished document: what it is, pay or download, the warnings, and its pages. */
function Finished({ typeset, reload }: { typeset: Typeset; reload: () => Promise<unknown> }) {
  const formats = `Word 文档${typeset.pdf ? '和 PDF' : ''}`;
  const [priceChanged, setPriceChanged] = useState<string>();
  const onPriceChanged = (said: string) => {
    // nothing was ordered: the button shows the new price before the student pays
    setPriceChanged(said);
    reload();
  };
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16, padding: '8px 0 24px' }}>
      <Card>
        <h1 style={{ fontSize: 22, marginTop: 0 }}>排版预览：{typeset.title}</h1>
        <Typography.Paragraph type="secondary">
          模板：{typeset.templateName}。{saidOfPayment(typeset, formats)}
        </Typography.Paragraph>
        {priceChanged && <PriceChanged said={priceChanged} next="按钮上已是现在的价格，确认后再点一次付款。" />}
        <Space wrap>
          <PayOrDownload typeset={typeset} onPriceChanged={onPriceChanged} />
          <LinkButton to={paths.typesetList} size="large">
            排版记录
          </LinkButton>
        </Space>
      </Card>
      <Warnings warnings={typeset.warnings} />
      <Card
        title={<h2 style={{ margin: 0, fontSize: 16 }}>逐页预览{typeset.previewPages ? `（共 ${typeset.previewPages} 页）` : ''}</h2>}
        styles={{ body: PAGES_CARD_BODY }}
      >
        {typeset.previewPages ? (
          <PagePictures count={typeset.previewPages} pictureOf={previewPicture(typeset)} label="排版预览" />
        ) : (
          <Alert type="warning" showIcon message="暂时无法预览页面" description={typeset.previewUnavailable} />
        )}
      </Card>
    </div>
  );
}

/**
 * /typeset/preview/{typesetId}: progress while the job runs, then the document page by page with a
 * watermark, what the engine could not place, and pay-and-download (or the download once paid).
 */
export default function TypesetPreviewPage() {
  const { typesetId = '' } = useParams<{ typesetId: string }>();
  const { data: typeset, error, reload } = useResult(() => getTypeset(typesetId), [typesetId], { pollWhile: atWork });

  if (error && !typeset) return <LoadError what="排版记录" onRetry={reload} />;
  if (!typeset || typeset.id !== typesetId) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (typeset.status === 'failed') {
    return (
      <Result
        status="error"
        title={<h1 style={{ fontSize: 22, margin: 0 }}>排版未能完成</h1>}
        subTitle={typeset.failureReason}
        extra={
          <LinkButton to={paths.template(typeset.templateId)} type="primary">
            重新上传
          </LinkButton>
        }
      />
    );
  }
  return atWork(typeset) ? <Running typeset={typeset} /> : <Finished typeset={typeset} reload={reload} />;
}
