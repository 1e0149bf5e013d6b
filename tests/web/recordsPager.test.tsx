import { fireEvent, screen, within } from '@testing-library/react';
import { demoOrder } from './demoOrders';
import { server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

afterEach(() => server.reset());

const LONG = { timeout: 15_000 };

/**
 * Signed in, with `total` orders: pages 1 to `filled` each one order named after its page, pages after
 * them empty, and a page past the API's MAX_PAGE refused as the API refuses it. The pages asked for, in order.
 */
async function ordersOfPages(total: number, filled: number) {
  await signInAsDemo();
  const order = await demoOrder();
  const asked: number[] = [];
  server.use({
    'GET /api/v1/order/list': (req, res) => {
      const current = Number(req.query.current);
      asked.push(current);
      if (current > 100_000) return void res.status(422).json({ success: false, errorCode: 'VALIDATION', message: '页码应在 1 到 100000 之间', showType: 2 });
      const list = current <= filled ? [{ ...order, id: `o${current}`, title: `第${current}页的订单` }] : [];
      res.json({ success: true, result: { list, total, current, pageSize: 10 } });
    },
  });
  return asked;
}

/** Signed in, with 23 orders: three pages, each one order named after its page. */
const ordersOfThreePages = () => ordersOfPages(23, 3);

test("a personal list of several pages on a phone pages with the spec's English labels, and Next Page loads the next page", async () => {
  const asked = await ordersOfThreePages();
  await renderApp('/personal/order/list');
  const heading = await screen.findByText('订单记录', { selector: 'h1' }, LONG);
  const card = within(heading.closest('.ant-card') as HTMLElement);
  await card.findByText('第1页的订单', {}, LONG);
  expect(card.getByTitle('Previous Page')).toBeInTheDocument();
  fireEvent.click(card.getByTitle('Next Page'));
  expect(await card.findByText('第2页的订单', {}, LONG)).toBeInTheDocument();
  expect(asked).toContain(2);
});

test('a personal list shows the page its address names, and paging replaces the address (?page=) rather than adding to the history', async () => {
  const asked = await ordersOfThreePages();
  const { history } = await renderApp('/personal/order/list?page=2');
  const heading = await screen.findByText('订单记录', { selector: 'h1' }, LONG);
  const card = within(heading.closest('.ant-card') as HTMLElement);
  expect(await card.findByText('第2页的订单', {}, LONG)).toBeInTheDocument();
  expect(asked).not.toContain(1);

  const entry = history.index;
  fireEvent.click(card.getByTitle('Next Page'));
  expect(await card.findByText('第3页的订单', {}, LONG)).toBeInTheDocument();
  expect(history.location.search).toBe('?page=3');
  expect(history.index).toBe(entry);

  // the first page is the address without a page
  fireEvent.click(card.getByTitle('Previous Page'));
  fireEvent.click(await card.findByTitle('Previous Page'));
  expect(await card.findByText('第1页的订单', {}, LONG)).toBeInTheDocument();
  expect(history.location.search).toBe('');
  expect(history.index).toBe(entry);
});

/** The order list of 20 orders (two pages) opened at `address`: the pages asked for, once the last page shows. */
async function lastPageFrom(address: string) {
  const asked = await ordersOfPages(20, 2);
  const { history } = await renderApp(address);
  const heading = await screen.findByText('订单记录', { selector: 'h1' }, LONG);
  const card = within(heading.closest('.ant-card') as HTMLElement);
  expect(await card.findByText('第2页的订单', {}, LONG)).toBeInTheDocument();
  expect(history.location.search).toBe('?page=2');
  return asked;
}

test('a page past the last (its last record deleted elsewhere, an older address) gives way to the last page', async () => {
  await lastPageFrom('/personal/order/list?page=3');
});

test('a page number past what any list is asked for (typed by hand) gives way to the last page, with no refusal shown', async () => {
  const asked = await lastPageFrom('/personal/order/list?page=100001');
  expect(asked.every((page) => page <= 100_000)).toBe(true);
  expect(screen.queryByText(/页码应在/)).not.toBeInTheDocument();
});
