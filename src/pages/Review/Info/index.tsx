import { UpcomingPage } from '@/components/PageState';

export default function ReviewInfoPage() {
  return <UpcomingPage title="填写查重信息" description="即将开放：填写论文信息、上传论文，并在付款前看到字数和价格。" />;
}
