/**
 * The back office's lists offer only the page sizes the API takes: a size over its cap would be
 * refused (422) and leave the pager naming a size over rows it never loaded.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import AdminTable from '@/features/admin/AdminTable';
import { MAX_PAGE_SIZE } from '../../common/content';
import { windowWidth } from './windowWidth';

test('the page-size choice offers no size over the API cap, and a size chosen is asked for', async () => {
  const fetch = jest.fn(async (_query: Record<string, unknown>) => ({ result: { list: [{ id: 'r1', name: '一行' }], total: 500 } }));
  const { container } = render(
    <AdminTable listing={{ fetch, what: '列表', emptyText: '没有' }} columns={[{ title: '名称', dataIndex: 'name', search: false }]} search={false} />,
  );
  await screen.findByText('一行');
  const changer = container.querySelector('.ant-pagination-options') as HTMLElement;
  fireEvent.mouseDown(within(changer).getByRole('combobox'));
  const sizes = (await screen.findAllByRole('option')).map((option) => Number(/\d+/.exec(option.textContent ?? '')?.[0]));
  expect(sizes.length).toBeGreaterThan(1);
  expect(sizes).toContain(MAX_PAGE_SIZE);
  expect(sizes.filter((size) => size > MAX_PAGE_SIZE)).toEqual([]);

  fireEvent.click(screen.getAllByTitle(new RegExp(`^${MAX_PAGE_SIZE}\\D`)).at(-1)!);
  await waitFor(() => expect(fetch).toHaveBeenLastCalledWith(expect.objectContaining({ pageSize: MAX_PAGE_SIZE })));
});

describe('a list on a phone and on a wide screen', () => {
  const rows = [{ id: 'o-1', email: 'student@example.com', state: '已支付', amount: '¥6.00', note: '无' }];
  const list = () =>
    render(
      <AdminTable
        listing={{ fetch: async () => ({ result: { list: rows, total: 1 } }), what: '订单列表', emptyText: '没有' }}
        columns={[
          { title: '订单号', dataIndex: 'id', width: 120 },
          { title: '邮箱', dataIndex: 'email', width: 180 },
          { title: '状态', dataIndex: 'state', width: 100 },
          { title: '金额', dataIndex: 'amount', search: false, width: 80 },
          { title: '备注', dataIndex: 'note', search: false, width: 100 },
        ]}
        phoneColumns={{ state: 96, amount: 72 }}
      />,
    );
  let restore: () => void;
  afterEach(() => restore());

  test('a phone shows each row’s key facts, with the search form folded so the rows are in view', async () => {
    restore = windowWidth(375);
    list();
    await screen.findByText('¥6.00');
    expect(screen.getByRole('columnheader', { name: '状态' })).toBeInTheDocument();
    expect(screen.getByText('已支付')).toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: '邮箱' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: '备注' })).toBeNull();
    // folded: the first field and 展开, which opens the rest
    expect(screen.getByRole('textbox', { name: '订单号' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '状态' })).toBeNull();
    fireEvent.click(screen.getByText('展开'));
    expect(await screen.findByRole('textbox', { name: '状态' })).toBeInTheDocument();
  });

  test('a wide screen shows every column and the whole search form, in a table as wide as its columns', async () => {
    restore = windowWidth(1280);
    const { container } = list();
    await screen.findByText('¥6.00');
    for (const name of ['订单号', '邮箱', '状态', '金额', '备注']) expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: '状态' })).toBeInTheDocument();
    expect(screen.queryByText('展开')).toBeNull();
    expect(container.querySelector('table')?.style.width).toBe('580px');
  });
});
