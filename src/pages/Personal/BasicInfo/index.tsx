import { UpcomingPage } from '@/components/PageState';

export default function BasicInfoPage() {
  return <UpcomingPage title="基本信息" description="即将开放：查看和修改昵称、学校、专业等基本信息。" />;
}
