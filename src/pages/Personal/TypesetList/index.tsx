import { UpcomingPage } from '@/components/PageState';

export default function TypesetListPage() {
  return <UpcomingPage title="排版记录" description="即将开放：查看排版记录、预览和下载。" />;
}
