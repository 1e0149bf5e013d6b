import { UpcomingPage } from '@/components/PageState';

export default function TemplateListPage() {
  return <UpcomingPage title="排版模板" description="即将开放：按学历和学科筛选学校的论文排版模板。" />;
}
