import { Typography } from 'antd';
import { closeReasonText, type CloseReason as Reason } from '../../../common/orderState';

/**
 * Why a closed order closed, as short secondary text beside its 已关闭: visible text, not a tooltip,
 * which a phone cannot show. Nothing for an order in any other state.
 */
export default function CloseReason({ order }: { order: { status: string; closeReason: Reason | null } }) {
  if (order.status !== 'closed') return null;
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {closeReasonText(order.closeReason)}
    </Typography.Text>
  );
}
