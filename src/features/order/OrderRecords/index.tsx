import CloseReason from '@/components/CloseReason';
import RecordsTable, { createdColumn, RowLink, type RecordColumn } from '@/components/RecordsTable';
import { listOrders, type Order } from '@/features/order/api';
import { itemLink, kindName } from '@/features/order/orderLinks';
import OrderNumber from '@/features/order/OrderNumber';
import { formatFen } from '@/utils/money';
import { paths } from '@/utils/paths';
import { Tag } from 'antd';
import { orderStateText, refundDueText, refundExtent } from '../../../../common/orderState';
import { priceLine } from '../../../../common/price';
import styles from './index.less';

const STATUS_COLORS: Record<Order['status'], string | undefined> = { pending: 'orange', paid: 'green', refunded: 'blue', closed: undefined };

/** An order's state in words (common/orderState.ts), coloured as the other records colour theirs; a partial refund says how much came back, a closed one why it closed. */
function OrderState({ order }: { order: Order }) {
  const partial = refundExtent(order) === 'part';
  return (
    <>
      <Tag color={STATUS_COLORS[order.status]}>{orderStateText(order)}</Tag>
      <CloseReason order={order} />
      {partial && <span style={{ whiteSpace: 'nowrap' }}>退 {formatFen(order.refundedFen)}</span>}
      {order.refundDue && <div className={styles.price}>{refundDueText(order)}</div>}
    </>
  );
}

const columns: RecordColumn<Order>[] = [
  // the whole title, wrapping: a check's title names the system, the paper and its length
  {
    key: 'title',
    title: '商品',
    render: (o) => (
      <>
        <div className={styles.title}>{o.title}</div>
        <OrderNumber id={o.id} />
      </>
    ),
  },
  { key: 'kind', title: '类型', essential: true, width: 110, render: kindName },
  {
    key: 'amount',
    title: '金额',
    essential: true,
    width: 150,
    render: (o) => (
      <>
        <div>{formatFen(o.amountFen)}</div>
        {o.price && <div className={styles.price}>{priceLine(o.price)}</div>}
      </>
    ),
  },
  { key: 'status', title: '状态', essential: true, width: 100, render: (o) => <OrderState order={o} /> },
  createdColumn('下单时间'),
];

function Actions({ order }: { order: Order }) {
  const item = itemLink(order);
  return (
    <>
      {order.status === 'pending' && <RowLink to={paths.pay(order.id)}>去支付</RowLink>}
      {item && <RowLink to={item[0]}>{item[1]}</RowLink>}
    </>
  );
}

/** An order not paid yet: the payment may come from another tab or a phone. */
const awaitingPayment = (order: Order) => order.status === 'pending';

/** The user's orders, newest first: what was bought, for how much, its state (kept up with a payment made elsewhere); paying, and the way to the item. */
export default function OrderRecords() {
  return (
    <RecordsTable<Order>
      title="订单记录"
      columns={columns}
      load={listOrders}
      isWaiting={awaitingPayment}
      actions={(order) => <Actions order={order} />}
      empty={{
        text: '还没有订单',
        start: [
          { label: '论文查重', to: paths.reviewHome },
          { label: '论文排版', to: paths.templateList },
        ],
      }}
    />
  );
}
