import { WarningFilled } from '@ant-design/icons';
import { Button } from 'antd';

/**
 * A part of a page that could not load: what happened, and a retry. Never an empty state: a list
 * that failed must not look like a list with nothing in it (docs/ux.md). Plain markup rather than antd's
 * Result, whose illustrations would ride along on every page that can fail.
 */
export default function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" style={{ padding: '32px 16px', textAlign: 'center' }}>
      <WarningFilled style={{ fontSize: 40, color: '#faad14' }} aria-hidden />
      <h3 style={{ margin: '12px 0 4px', fontSize: 18 }}>{`${what}加载失败`}</h3>
      <p style={{ margin: '0 0 16px', color: 'rgba(0,0,0,0.55)' }}>可能是网络不稳定或服务器繁忙，请稍后重试。</p>
      <Button type="primary" onClick={onRetry}>
        重新加载
      </Button>
    </div>
  );
}
