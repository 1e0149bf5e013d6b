import { Alert } from 'antd';

/**
 * The server refused an order at the price the page had shown (409 PRICE_CHANGED): its words, that
 * nothing was ordered, and where the new price stands (`next`) before the student tries again.
 */
export default function PriceChanged({ said, next }: { said: string; next: string }) {
  return <Alert role="alert" type="warning" showIcon style={{ marginBottom: 16 }} message={said} description={`还没有下单。${next}`} />;
}
