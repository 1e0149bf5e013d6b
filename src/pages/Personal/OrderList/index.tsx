import OrderRecords from '@/features/order/OrderRecords';

/** /personal/order/list: the user's orders. */
export default function OrderListPage() {
  return <OrderRecords />;
}
