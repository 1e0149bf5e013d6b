import { Button, Result } from 'antd';
import { Link } from 'umi';

export default function ForbiddenPage() {
  return (
    <Result
      status="403"
      title={<h1 style={{ margin: 0 }}>403</h1>}
      subTitle="抱歉，您无权访问这个页面。如果这是您自己的记录，请确认登录的是下单时的账号。"
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
