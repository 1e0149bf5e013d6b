import LinkButton from '@/components/LinkButton';
import { Result } from 'antd';

/** The 403 and 404 pages: what happened, and the way home. */
export function ExceptionPage({ status, subTitle }: { status: 403 | 404; subTitle: string }) {
  return (
    <Result
      status={status}
      title={<h1 style={{ margin: 0 }}>{status}</h1>}
      subTitle={subTitle}
      extra={
        <LinkButton to="/" type="primary">
          返回首页
        </LinkButton>
      }
    />
  );
}
