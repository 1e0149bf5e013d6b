import { UpcomingPage } from '@/components/PageState';

export default function AgreementPage() {
  return <UpcomingPage title="用户协议" description="用户协议即将发布：服务内容、付款与退款、论文的保存与删除、隐私保护。" />;
}
