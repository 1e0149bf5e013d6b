import CloseReason from '@/components/CloseReason';
import AdminTable, { type Listing } from '@/features/admin/AdminTable';
import OrderDrawer from '@/features/admin/OrderDrawer';
import RefundDialog from '@/features/admin/RefundDialog';
import { searchOrders, type AdminOrder, type AdminOrderQuery } from '@/features/admin/api';
import { canRefund, orderStateFilterEnum, stateFilterQuery } from '@/features/admin/orderState';
import { actionsColumn, EMAIL_SEARCH_HINT, useListDialog, useTableActions } from '@/features/admin/tableActions';
import { formatFen } from '@/utils/money';
import { formatTime } from '@/utils/time';
import type { ProColumns } from '@ant-design/pro-table';
import { Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { orderStateText, refundExtent } from '../../../../common/orderState';
import { chinaDayWindow } from '../../../../common/time';

/** A day range as the API's creation-time window, in China's days like the times the table shows (common/time.ts). */
function dayWindow(range: [string, string]) {
  const { from, to } = chinaDayWindow(dayjs(range[0]).format('YYYY-MM-DD'), dayjs(range[1]).format('YYYY-MM-DD'));
  return { createdFrom: from, createdTo: to };
}

/**
 * Each column's width, so that the whole row reads at 1280 px beside the menu (about 940 px): long
 * text ends in an ellipsis, and the payment reference is searched here but read (and copied) in 详情.
 * On a phone a row shows what was bought, its amount and its state (`PHONE`); 详情 has the rest.
 */
const WIDTHS = { id: 120, userEmail: 180, title: 170, amountFen: 90, status: 120, createdAt: 140, actions: 100 };
const PHONE = { title: 80, amountFen: 72, status: 96 };

function columns(open: (order: AdminOrder) => void, refund: (order: AdminOrder) => void): ProColumns<AdminOrder>[] {
  return [
    // cut by the browser, not by script, so the whole number stays in the page (found with Ctrl+F); copied in 详情
    { title: '订单号', dataIndex: 'id', ellipsis: true, width: WIDTHS.id, search: { transform: (orderId: string) => ({ orderId }) } },
    {
      title: '用户邮箱',
      dataIndex: 'userEmail',
      ellipsis: true,
      width: WIDTHS.userEmail,
      fieldProps: { placeholder: EMAIL_SEARCH_HINT },
      search: { transform: (email: string) => ({ email }) },
    },
    { title: '内容', dataIndex: 'title', search: false, ellipsis: true, width: WIDTHS.title },
    { title: '金额', dataIndex: 'amountFen', search: false, width: WIDTHS.amountFen, render: (_, order) => formatFen(order.amountFen) },
    {
      title: '状态',
      dataIndex: 'status',
      // 已退款 finds the orders given back in full, 部分退款 those given back in part: as the rows read
      valueEnum: orderStateFilterEnum,
      search: { transform: stateFilterQuery },
      width: WIDTHS.status,
      render: (_, order) => (
        <Space size={4} wrap>
          {orderStateText(order)}
          <CloseReason order={order} />
          {/* a partial refund: how much of how much came back, as the student's own list says it */}
          {refundExtent(order) === 'part' && (
            <span style={{ whiteSpace: 'nowrap' }}>{`退 ${formatFen(order.refundedFen)} / 共 ${formatFen(order.amountFen)}`}</span>
          )}
          {order.refundDue && <Tag color="red">待退款</Tag>}
        </Space>
      ),
    },
    // a payment that reached a closed order (or came twice): money owed back, found by this flag
    { title: '待退款', dataIndex: 'refundDue', hideInTable: true, valueEnum: { true: { text: '只看待退款的订单' } } },
    { title: '下单时间', dataIndex: 'createdAt', hideInSearch: true, width: WIDTHS.createdAt, render: (_, order) => formatTime(order.createdAt) },
    { title: '下单日期', dataIndex: 'createdRange', valueType: 'dateRange', hideInTable: true, search: { transform: dayWindow } },
    // searched by here; the order's detail (详情) shows it with the gateway
    { title: '支付流水号', dataIndex: 'gatewayTradeNo', hideInTable: true, search: { transform: (tradeNo: string) => ({ tradeNo }) } },
    actionsColumn<AdminOrder>(
      (order) => [
        <a key="view" onClick={() => open(order)}>
          详情
        </a>,
        canRefund(order) && (
          <a key="refund" onClick={() => refund(order)}>
            退款
          </a>
        ),
      ],
      WIDTHS.actions,
    ),
  ];
}

const listing: Listing<AdminOrder, AdminOrderQuery> = { what: '订单列表', emptyText: '没有符合条件的订单，请换个条件搜索', fetch: searchOrders };

/** 订单: find a student's order, read how it was paid, give money back. */
export default function AdminOrders() {
  const { actionRef, reload } = useTableActions();
  const [viewing, setViewing] = useState<string>();
  // a refund made: the drawer and the table load again
  const [version, setVersion] = useState(0);
  const refund = useListDialog<AdminOrder>(() => {
    setVersion((v) => v + 1);
    reload();
  });
  return (
    <>
      <AdminTable listing={listing} actionRef={actionRef} columns={columns((order) => setViewing(order.id), refund.open)} phoneColumns={PHONE} />
      {viewing && <OrderDrawer orderId={viewing} version={version} onClose={() => setViewing(undefined)} onRefund={refund.open} />}
      {refund.item && <RefundDialog order={refund.item} onClose={refund.close} onDone={refund.done} />}
    </>
  );
}
