import { Button, Result } from 'antd';

/** A part of a page that could not load: what happened, and a retry. */
export default function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Result
      status="warning"
      title={`${what}加载失败`}
      subTitle="可能是网络不稳定或服务器繁忙，请稍后重试。"
      extra={
        <Button type="primary" onClick={onRetry}>
          重新加载
        </Button>
      }
    />
  );
}
