import { UpcomingPage } from '@/components/PageState';

export default function TypesetPreviewPage() {
  return <UpcomingPage title="排版预览" description="即将开放：逐页预览排版好的论文，付款后下载 Word 文档。" />;
}
