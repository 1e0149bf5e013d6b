import { UpcomingPage } from '@/components/PageState';

export default function TemplateDetailPage() {
  return <UpcomingPage title="模板详情" description="即将开放：查看模板的排版规范和样张，上传论文开始排版。" />;
}
