import { refusalOf } from '@/utils/errorHandler';
import { WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  what: string;
  onRetry: () => void;
  /** the failure: a refusal the server explained is shown in its words, without a retry */
  error?: unknown;
  /** the way on after a refusal (a link to what the student can do instead) */
  children?: ReactNode;
}

/**
 * A part of a page that could not load: what happened, and what to do. Never an empty state: a list
 * that failed must not look like a list with nothing in it (docs/ux.md). A fault (no answer, a 5xx)
 * offers a retry; a refusal the server explained (a 4xx with a message: not paid yet, a query too
 * long) says so and offers `children`, as asking again would get the same answer. Plain markup
 * rather than antd's Result, whose illustrations would ride along on every page that can fail.
 */
export default function LoadError({ what, onRetry, error, children }: Props) {
  const refusal = refusalOf(error);
  return (
    <div role="alert" style={{ padding: '32px 16px', textAlign: 'center' }}>
      <WarningFilled style={{ fontSize: 40, color: '#faad14' }} aria-hidden />
      <h3 style={{ margin: '12px 0 4px', fontSize: 18 }}>{refusal ? `${what}无法显示` : `${what}加载失败`}</h3>
      <p style={{ margin: '0 0 16px', color: 'rgba(0,0,0,0.55)' }}>{refusal ?? '可能是网络不稳定或服务器繁忙，请稍后重试。'}</p>
      {refusal ? (
        children
      ) : (
        <Button type="primary" onClick={onRetry}>
          重新加载
        </Button>
      )}
    </div>
  );
}
