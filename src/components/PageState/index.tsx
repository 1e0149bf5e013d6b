import LinkButton from '@/components/LinkButton';
import { Result } from 'antd';

/** The 403 and 404 pages: what happened (`heading`, else the status), and the way home. */
export function ExceptionPage({
  status,
  heading,
  subTitle,
  back = ['/', '返回首页'],
}: {
  status: 403 | 404;
  heading?: string;
  subTitle: string;
  /** the way on: the home page, unless the page is inside another part of the site */
  back?: [string, string];
}) {
  return (
    <Result
      status={status}
      // a sentence reads at the title's size; a bare status code stands large
      title={<h1 style={{ margin: 0, fontSize: heading ? 'inherit' : undefined }}>{heading ?? status}</h1>}
      subTitle={subTitle}
      extra={
        <LinkButton to={back[0]} type="primary">
          {back[1]}
        </LinkButton>
      }
    />
  );
}
