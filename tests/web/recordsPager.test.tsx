import { fireEvent, screen, within } from '@testing-library/react';
import { demoOrder } from './demoOrders';
import { server } from './mockServer';
import { renderApp, signInAsDemo } from './renderApp';

afterEach(() => server.reset());

const LONG = { timeout: 15_000 };

test("a personal list of several pages on a phone pages with the spec's English labels, and Next Page loads the next page", async () => {
  await signInAsDemo();
  const order = await demoOrder();
  const asked: number[] = [];
  server.use({
    'GET /api/v1/order/list': (req, res) => {
      const current = Number(req.query.current);
      asked.push(current);
      res.json({ success: true, result: { list: [{ ...order, id: `o${current}`, title: `第${current}页的订单` }], total: 23, current, pageSize: 10 } });
    },
  });
  await renderApp('/personal/order/list');
  const heading = await screen.findByText('订单记录', { selector: 'h1' }, LONG);
  const card = within(heading.closest('.ant-card') as HTMLElement);
  await card.findByText('第1页的订单', {}, LONG);
  expect(card.getByTitle('Previous Page')).toBeInTheDocument();
  fireEvent.click(card.getByTitle('Next Page'));
  expect(await card.findByText('第2页的订单', {}, LONG)).toBeInTheDocument();
  expect(asked).toContain(2);
});
