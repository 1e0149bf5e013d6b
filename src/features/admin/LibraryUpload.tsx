import UploadProgress from '@/components/UploadProgress';
import { useUploadProgress } from '@/hooks/useUploadProgress';
import { submitForm } from '@/utils/formErrors';
import { InboxOutlined } from '@ant-design/icons';
import { Alert, Button, Modal, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { LIBRARY_MAX_FILES, LIBRARY_TOO_MANY_FILES, LIBRARY_UPLOAD, UPLOAD_MAX_BYTES, UPLOAD_MAX_MB } from '../../../common/api';
import { uploadToLibrary, type LibraryImport } from './api';

type Outcome = LibraryImport['outcomes'][number];
const OUTCOMES: Record<Outcome['status'], [string, string]> = { imported: ['导入', 'green'], skipped: ['跳过', 'default'], rejected: ['拒绝', 'red'] };

/** What the command's summary says, as a table: each file, what became of it, and why. */
function Outcomes({ answer }: { answer: LibraryImport }) {
  return (
    <>
      <Alert
        type={answer.rejected ? 'warning' : 'success'}
        showIcon
        message={`共 ${answer.outcomes.length} 个文件：导入 ${answer.imported}，跳过 ${answer.skipped}，拒绝 ${answer.rejected}`}
        style={{ margin: '16px 0' }}
      />
      <Table<Outcome>
        size="small"
        rowKey={(row) => `${row.status}-${row.file}-${row.reason ?? ''}`}
        pagination={false}
        scroll={{ x: 'max-content', y: 320 }}
        dataSource={answer.outcomes}
        columns={[
          { title: '文件', dataIndex: 'file' },
          { title: '结果', dataIndex: 'status', render: (status: Outcome['status']) => <Tag color={OUTCOMES[status][1]}>{OUTCOMES[status][0]}</Tag> },
          { title: '题目 / 原因', key: 'why', render: (_, row) => (row.status === 'imported' ? `《${row.title}》` : row.reason) },
        ]}
      />
    </>
  );
}

/**
 * 上传论文: files chosen (or dropped) are sent together and imported as `npm run import` imports a
 * folder; the bar shows the upload, then the import under way, then what became of each file.
 */
export default function LibraryUpload({ onClose, onImported }: { onClose: () => void; onImported: () => void }) {
  const [files, setFiles] = useState<File[]>([]);
  const [answer, setAnswer] = useState<LibraryImport>();
  const upload = useUploadProgress();
  const tooLarge = files.filter((file) => file.size > UPLOAD_MAX_BYTES);
  const problem =
    files.length > LIBRARY_MAX_FILES
      ? LIBRARY_TOO_MANY_FILES
      : tooLarge.length
        ? `${tooLarge.map((f) => f.name).join('、')} 超过 ${UPLOAD_MAX_MB} MB，请去掉后再上传`
        : undefined;

  const send = async () => {
    const result = await submitForm(undefined, () => upload.track((onUploadProgress) => uploadToLibrary(files, { onUploadProgress })), '导入失败');
    if (!result) return;
    setAnswer(result.result);
    setFiles([]);
    if (result.result.imported) onImported();
  };

  const busy = upload.uploading;
  return (
    <Modal
      open
      title="上传论文到文献库"
      width={640}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      maskClosable={false}
      footer={
        <Space>
          <Button onClick={onClose} disabled={busy}>
            {answer ? '完成' : '取消'}
          </Button>
          <Button type="primary" onClick={() => void send()} loading={busy} disabled={!files.length || Boolean(problem)}>
            {files.length ? `导入 ${files.length} 个文件` : '导入'}
          </Button>
        </Space>
      }
    >
      <Upload.Dragger
        multiple
        accept={LIBRARY_UPLOAD.accept}
        fileList={[]}
        showUploadList={false}
        disabled={busy}
        aria-label="选择要导入的论文文件"
        beforeUpload={(file, chosen) => {
          // antd calls this once per file with the whole choice: take the choice once
          if (file === chosen[0]) setFiles((before) => [...before, ...chosen]);
          setAnswer(undefined);
          return false;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>点击或拖入论文文件，可多选</p>
        <p style={{ color: 'rgba(0,0,0,0.45)' }}>
          支持 .md、.txt、.docx、.pdf，每个不超过 {UPLOAD_MAX_MB} MB，一次最多 {LIBRARY_MAX_FILES} 个；元数据可写在 Markdown 开头，或放在同名 .json
          文件里一起上传。内容相同的论文会跳过。
        </p>
      </Upload.Dragger>
      {files.length > 0 && !busy && (
        <p style={{ marginTop: 12 }}>
          已选 {files.length} 个文件：{files.map((f) => f.name).join('、')} <a onClick={() => setFiles([])}>清空</a>
        </p>
      )}
      {problem && <Alert type="error" showIcon message={problem} style={{ marginTop: 12 }} />}
      {busy && <p style={{ marginTop: 12 }}>{upload.percent === 100 ? '已上传，正在导入…' : `正在上传 ${upload.percent}%`}</p>}
      <UploadProgress percent={upload.percent} />
      {answer && <Outcomes answer={answer} />}
    </Modal>
  );
}
