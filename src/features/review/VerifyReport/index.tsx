import { formatPercent, verifyReport } from '@/features/review/api';
import { Alert, Descriptions, Input } from 'antd';
import { useState } from 'react';
import { formatCount } from '../../../../common/formatCount';
import { formatTimeLabelled } from '@/utils/time';

type Verified = Awaited<ReturnType<typeof verifyReport>>['result'];

/** Anyone checks a report's verification code: title, system, date and similarity, nothing more. */
export default function VerifyReport() {
  const [result, setResult] = useState<Verified>();
  const [failure, setFailure] = useState<string>();
  const [loading, setLoading] = useState(false);

  const verify = async (code: string) => {
    if (!code.trim()) return setFailure('请输入报告上的验证码');
    setLoading(true);
    setFailure(undefined);
    setResult(undefined);
    try {
      setResult((await verifyReport(code.trim())).result);
    } catch (error) {
      const body = (error as { response?: { data?: { message?: string } } }).response?.data;
      setFailure(body?.message ?? '暂时无法验证，请稍后重试');
    } finally {
      setLoading(false);
    }
  };

  return (
    <div>
      <Input.Search
        placeholder="报告上的验证码，如 ZN-1A2B3-C4D5E"
        aria-label="报告验证码"
        enterButton="验证"
        loading={loading}
        onSearch={verify}
        maxLength={40}
      />
      {failure && <Alert type="warning" showIcon message={failure} style={{ marginTop: 12 }} />}
      {result && (
        // a label stays on one line: on a phone the value column wraps, never 论文/题目
        <Descriptions bordered size="small" column={1} style={{ marginTop: 12 }} styles={{ label: { whiteSpace: 'nowrap' } }} title="报告真实有效">
          <Descriptions.Item label="论文题目">{result.title}</Descriptions.Item>
          <Descriptions.Item label="检测系统">{result.systemName}</Descriptions.Item>
          <Descriptions.Item label="检测时间">{formatTimeLabelled(result.finishedAt)}</Descriptions.Item>
          <Descriptions.Item label="字数">{formatCount(result.charCount)}</Descriptions.Item>
          <Descriptions.Item label="总相似度">{formatPercent(result.similarity)}</Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}
