import { Typography } from 'antd';

/**
 * An order's number, to quote to customer service (the back office finds orders by it): small and
 * copyable, beside what the order bought. The number itself never breaks across lines. `bare`: the
 * number alone, where a label already names it.
 */
export default function OrderNumber({ id, bare = false }: { id: string; bare?: boolean }) {
  return (
    <Typography.Text type="secondary" copyable={{ text: id }} style={{ fontSize: 12 }}>
      {bare ? '' : '订单号 '}
      <span style={{ whiteSpace: 'nowrap' }}>{id}</span>
    </Typography.Text>
  );
}
