import { UpcomingPage } from '@/components/PageState';

export default function DocumentDetailPage() {
  return <UpcomingPage title="范文详情" description="范文阅读即将开放。" />;
}
