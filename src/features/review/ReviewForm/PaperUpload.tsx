import RetryAlert from '@/components/RetryAlert';
import UploadProgress from '@/components/UploadProgress';
import type { Review } from '@/features/review/api';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Upload } from 'antd';
import { PAPER_UPLOAD, UPLOAD_MAX_MB } from '../../../../common/api';
import styles from './index.less';
import { formatCount } from '../../../../common/formatCount';

export type Uploaded = { uploadId: string; fileName: string; charCount: number; title: string | null };

interface Props {
  /** a chosen file; false keeps antd from sending it itself */
  onFile: (file: File) => Promise<boolean> | boolean;
  percent?: number;
  /** the account's previous file is still read: this one is sent again by itself */
  waiting?: boolean;
  error?: string;
  /** sends the file that could not go once more */
  onRetry?: () => void;
  uploaded?: Uploaded;
  /** an unpaid check being edited keeps its paper unless another is uploaded */
  review?: Review;
}

/** The paper as a file: the drop zone, the upload's progress, and what became of it. */
export default function PaperUpload({ onFile, percent, waiting, error, onRetry, uploaded, review }: Props) {
  return (
    <div className={styles.paper}>
      <Upload.Dragger accept={PAPER_UPLOAD.accept} showUploadList={false} beforeUpload={onFile} disabled={percent !== undefined} aria-label="上传论文文件">
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p>点击或拖入论文文件</p>
        <p className={styles.hint}>支持 .docx、.pdf、.txt（UTF-8 或 GBK），不超过 {UPLOAD_MAX_MB} MB</p>
      </Upload.Dragger>
      <UploadProgress percent={percent} />
      {waiting && <Alert type="info" showIcon message="上一个文件还在读取中，读完后会自动上传这个文件，不用再选一次" className={styles.notice} />}
      {error && <RetryAlert type="error" message={error} onRetry={onRetry} className={styles.notice} />}
      {uploaded && (
        <Alert type="success" showIcon message={`已上传：${uploaded.fileName}（${formatCount(uploaded.charCount)} 字）`} className={styles.notice} />
      )}
      {!uploaded && review && !review.paperDeleted && (
        <Alert
          type="info"
          showIcon
          message={`沿用已提交的论文${review.fileName ? `：${review.fileName}` : ''}（${formatCount(review.charCount)} 字），也可以上传新文件替换`}
          className={styles.notice}
        />
      )}
    </div>
  );
}
