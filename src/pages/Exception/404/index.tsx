import { ExceptionPage } from '@/components/PageState';

export default function NotFoundPage() {
  return <ExceptionPage status={404} subTitle="抱歉，您访问的页面不存在，可能已被删除或地址有误。" />;
}
