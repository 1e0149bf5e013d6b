import LoadError from '@/components/LoadError';
import { getReport } from '@/features/review/api';
import ReportView from '@/features/review/Report';
import ReportWayOn from '@/features/review/ReportWayOn';
import { useResult } from '@/hooks/useResult';
import { Skeleton } from 'antd';
import { useParams } from 'umi';

/** /personal/review/report/{reviewId}: figures, chapters, sources, and the text with every copied passage marked. */
export default function ReviewReportPage() {
  const { reviewId = '' } = useParams<{ reviewId: string }>();
  const { data: report, error, reload } = useResult(() => getReport(reviewId, { refusalShownByPage: true }), [reviewId]);
  if (error && !report)
    return (
      <LoadError what="查重报告" onRetry={reload} error={error}>
        <ReportWayOn reviewId={reviewId} />
      </LoadError>
    );
  if (!report) return <Skeleton active paragraph={{ rows: 12 }} />;
  return <ReportView report={report} />;
}
