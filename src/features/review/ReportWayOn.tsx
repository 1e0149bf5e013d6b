import LinkButton from '@/components/LinkButton';
import { getReview } from '@/features/review/api';
import { useResult } from '@/hooks/useResult';
import { formatFen } from '@/utils/money';
import { paths } from '@/utils/paths';
import { Space } from 'antd';

/**
 * What a student can do when a check's report is not there yet: pay its order (or order again once
 * the order closed) when the check is unpaid, and in any case find it among 查重记录.
 */
export default function ReportWayOn({ reviewId }: { reviewId: string }) {
  const { data: review } = useResult(() => getReview(reviewId), [reviewId]);
  const unpaid = review?.status === 'unpaid';
  return (
    <Space wrap style={{ justifyContent: 'center' }}>
      {unpaid && review.orderStatus === 'pending' && review.orderId && (
        <LinkButton to={paths.pay(review.orderId)} type="primary">{`还未付款，去付款 ${formatFen(review.amountFen)}`}</LinkButton>
      )}
      {unpaid && review.orderStatus !== 'pending' && (
        <LinkButton to={paths.reviewInfo(review.id)} type="primary">
          订单已关闭，重新下单
        </LinkButton>
      )}
      <LinkButton to={paths.reviewList}>查看查重记录</LinkButton>
    </Space>
  );
}
