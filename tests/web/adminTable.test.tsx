/**
 * The back office's lists offer only the page sizes the API takes: a size over its cap would be
 * refused (422) and leave the pager naming a size over rows it never loaded.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import AdminTable from '@/features/admin/AdminTable';
import { MAX_PAGE_SIZE } from '../../common/content';

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
