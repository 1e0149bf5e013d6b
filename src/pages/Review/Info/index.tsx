import LoadError from '@/components/LoadError';
import { atWork } from '@/utils/atWork';
import { getReview, type Review } from '@/features/review/api';
import ReviewForm from '@/features/review/ReviewForm';
import ReviewStatusCard from '@/features/review/ReviewStatusCard';
import { useResult } from '@/hooks/useResult';
import { Skeleton } from 'antd';
import { useParams } from 'umi';

/**
 * /review/info and /review/info/{reviewId}: the paper's details and the paper itself (a file, or
 * pasted text), the exact character count and price before submitting; submitting creates the
 * check and its order and goes to payment. With a reviewId: an unpaid check is edited or paid,
 * a paid one shows its progress (where 查看查重进度 leads once paid) and then the way to its report.
 */
export default function ReviewInfoPage() {
  const { reviewId } = useParams<{ reviewId?: string }>();
  // a paid check waiting or running: its progress moves, and its report is shown once done
  const existing = useResult(() => (reviewId ? getReview(reviewId) : Promise.resolve({ result: undefined })), [reviewId], {
    pollWhile: (review) => Boolean(review && atWork(review)),
  });
  const review = existing.data as Review | undefined;

  if (reviewId && existing.error && !review) return <LoadError what="查重记录" onRetry={existing.reload} />;
  if (reviewId && !review) return <Skeleton active paragraph={{ rows: 10 }} />;
  if (review && review.status !== 'unpaid') return <ReviewStatusCard review={review} />;
  return <ReviewForm review={review} />;
}
