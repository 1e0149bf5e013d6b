import { UpcomingPage } from '@/components/PageState';

export default function ArticleDetailPage() {
  return <UpcomingPage title="文章详情" description="文章阅读即将开放。" />;
}
