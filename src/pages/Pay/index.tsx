import { UpcomingPage } from '@/components/PageState';

export default function PayPage() {
  return <UpcomingPage title="订单支付" description="即将开放：查看订单金额并完成支付。" />;
}
