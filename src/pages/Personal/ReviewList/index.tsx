import { UpcomingPage } from '@/components/PageState';

export default function ReviewListPage() {
  return <UpcomingPage title="查重记录" description="即将开放：查看查重进度、报告和下载。" />;
}
