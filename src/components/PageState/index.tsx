import { Button, Result } from 'antd';
import { Link } from 'umi';

/**
 * A screen whose capability has not shipped yet: it names the page and what it will do, and
 * offers the way back, so nobody lands on a blank page.
 */
export function UpcomingPage({ title, description }: { title: string; description: string }) {
  return (
    <Result
      status="info"
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{title}</h1>}
      subTitle={description}
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}

/** The 403 and 404 pages: what happened, and the way home. */
export function ExceptionPage({ status, subTitle }: { status: 403 | 404; subTitle: string }) {
  return (
    <Result
      status={status}
      title={<h1 style={{ margin: 0 }}>{status}</h1>}
      subTitle={subTitle}
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
