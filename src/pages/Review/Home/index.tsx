import { UpcomingPage } from '@/components/PageState';

export default function ReviewHomePage() {
  return <UpcomingPage title="选择查重系统" description="即将开放：比较各查重系统的价格、比对范围和出报告时间，选择适合您的一个。" />;
}
