import LinkButton from '@/components/LinkButton';
import { Result } from 'antd';

/** The 403 and 404 pages: what happened (`heading`, else the status), and the way home. */
export function ExceptionPage({ status, heading, subTitle }: { status: 403 | 404; heading?: string; subTitle: string }) {
  return (
    <Result
      status={status}
      // a sentence reads at the title's size; a bare status code stands large
      title={<h1 style={{ margin: 0, fontSize: heading ? 'inherit' : undefined }}>{heading ?? status}</h1>}
      subTitle={subTitle}
      extra={
        <LinkButton to="/" type="primary">
          返回首页
        </LinkButton>
      }
    />
  );
}
