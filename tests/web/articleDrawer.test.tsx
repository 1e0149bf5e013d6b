/** The back office's article drawer does not throw away what was written without asking. */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import ArticleDrawer from '@/features/admin/ArticleDrawer';

jest.mock('@/features/admin/api', () => ({ createArticle: jest.fn(), updateArticle: jest.fn(), setArticlePublished: jest.fn() }));

function open() {
  const onClose = jest.fn();
  render(<ArticleDrawer onClose={onClose} onDone={jest.fn()} />);
  return onClose;
}

test('取消 with nothing written closes at once', async () => {
  const onClose = open();
  fireEvent.click(await screen.findByRole('button', { name: /取\s*消/ }));
  expect(onClose).toHaveBeenCalled();
});

test('取消 after writing asks first: 继续编辑 keeps the text, 放弃修改 closes', async () => {
  const onClose = open();
  fireEvent.change(await screen.findByLabelText('标题'), { target: { value: '写了一半的文章' } });
  fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
  expect(await screen.findAllByText('放弃未保存的修改？')).not.toHaveLength(0);
  expect(onClose).not.toHaveBeenCalled();
  fireEvent.click(screen.getByRole('button', { name: '继续编辑' }));
  await waitFor(() => expect(screen.queryAllByText('放弃未保存的修改？')).toHaveLength(0));
  expect(screen.getByLabelText('标题')).toHaveValue('写了一半的文章');
  fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
  fireEvent.click(await screen.findByRole('button', { name: '放弃修改' }));
  await waitFor(() => expect(onClose).toHaveBeenCalled());
});
