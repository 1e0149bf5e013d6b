import { Button, Result } from 'antd';
import { Link } from 'umi';

export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title={<h1 style={{ margin: 0 }}>404</h1>}
      subTitle="抱歉，您访问的页面不存在，可能已被删除或地址有误。"
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    />
  );
}
