/**
 * Orders of the demo account made as the pages make them, through the mock server (and so the real
 * server behind it): pending, refunded by the back office, or past their time limit.
 */
import { MOCK_ADMIN_EMAIL, MOCK_ADMIN_PASSWORD } from '../../mock/_lib/users';
import { axios, server } from './mockServer';
import { signInAsDemo } from './renderApp';

const SENTENCE = '本文讨论县域中学课后服务的组织方式与教师负担的变化情况。';
/** 12,000 characters as the server counts them: 12 started thousands. */
const PAPER = `${SENTENCE.repeat(444)}${SENTENCE.slice(0, 12)}`;

const call = (method: string, url: string, data?: object) =>
  axios.request({ method, url, data, adapter: server.adapter }).then((res: { data: any }) => res.data.result);

/** A pending order of the demo's (signed in) for a pasted paper: 本科毕业论文检测 · 示例论文（12,000 字）, ¥36.00. */
export async function demoOrder(): Promise<{ id: string; itemId: string; amountFen: number }> {
  const { review } = await call('POST', '/api/v1/review', { systemId: 'undergraduate', title: '示例论文', author: '林晓', text: PAPER });
  return call('GET', `/api/v1/order/${review.orderId}`);
}

/** Pays an order (the mock's sandbox shortcut), then has the back office refund it, in full or `amountFen` of it; the demo is signed in again. */
export async function refundedDemoOrder(amountFen?: number) {
  const order = await demoOrder();
  await call('GET', `/api/v1/mock/pay/${order.id}`);
  await call('POST', '/api/v1/actionLogin', { email: MOCK_ADMIN_EMAIL, password: MOCK_ADMIN_PASSWORD });
  await call('POST', `/api/v1/admin/orders/${order.id}/refund`, { requestNo: `RF${order.id.replace(/\W/g, '')}`.slice(0, 32), reason: '测试退款', amountFen });
  await signInAsDemo();
  return call('GET', `/api/v1/order/${order.id}`);
}

/** A demo order read after its time limit passed (the clock moved on for that read only): the server closes it. */
export async function expiredDemoOrder() {
  const order = await demoOrder();
  jest.useFakeTimers({
    now: Date.now() + 31 * 60 * 1000,
    doNotFake: [
      'nextTick',
      'setImmediate',
      'clearImmediate',
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'hrtime',
      'performance',
    ],
  });
  try {
    return await call('GET', `/api/v1/order/${order.id}`);
  } finally {
    jest.useRealTimers();
  }
}
