/** The price of a check through HTTP: every started thousand characters, with its breakdown on the quote and on the order. */
import { priceLine } from '../../common/price';
import { useSignedInApp } from './testApp';

const signedIn = useSignedInApp();

/** A paper of exactly `chars` counted characters (Chinese, no punctuation). */
const LINE = '课后服务的组织方式与教师的工作负担学生的参与情况经费课程和激励机制之间的关系研究县域中学观察访谈记录与比较分析'.repeat(2).slice(0, 60);
const paperOf = (chars: number) => Array.from({ length: Math.ceil(chars / 60) }, (_, i) => LINE.slice(0, Math.min(60, chars - i * 60))).join('\n');

test.each([
  [60_480, 61, 18_300],
  [60_000, 60, 18_000],
  [60_001, 61, 18_300],
])('%i characters are %i started thousands: the quote, the order and its breakdown agree', async (chars, thousands, totalFen) => {
  const text = paperOf(chars);
  const quote = (await signedIn.me().post('/api/v1/review/quote', { systemId: 'undergraduate', text })).body.result;
  expect(quote.charCount).toBe(chars);
  expect(quote.price).toEqual({ chars, perThousandFen: 300, thousands, totalFen });
  expect(quote.amountFen).toBe(totalFen);

  const created = (await signedIn.me().post('/api/v1/review', { systemId: 'undergraduate', title: '县域中学课后服务研究', author: '林晓', text })).body.result;
  const order = (await signedIn.me().get(`/api/v1/order/${created.orderId}`)).body.result;
  expect(order.amountFen).toBe(totalFen);
  expect(order.price).toEqual({ chars, perThousandFen: 300, thousands, totalFen });
  const list = (await signedIn.me().get('/api/v1/order/list?current=1&pageSize=5')).body.result.list;
  expect(list.find((o: { id: string }) => o.id === created.orderId).price).toEqual(order.price);
});

test('the breakdown in words, as the pages show it', () => {
  expect(priceLine({ chars: 60_480, perThousandFen: 300, thousands: 61, totalFen: 18_300 })).toBe('60,480 字 → 61 个千字（不足千字按千字计）× ¥3.00 = ¥183.00');
});

test('large amounts are grouped by thousands as counts are', () => {
  expect(priceLine({ chars: 394_548, perThousandFen: 500, thousands: 395, totalFen: 197_500 })).toBe(
    '394,548 字 → 395 个千字（不足千字按千字计）× ¥5.00 = ¥1,975.00',
  );
});
