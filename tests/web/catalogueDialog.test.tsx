/**
 * The catalogue's dialogs: a price or limit out of range, or with too many decimals, is told as a
 * message and kept as typed; nothing is saved until it is right.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { SystemDialog } from '@/features/admin/CatalogueDialog';
import * as api from '@/features/admin/api';

jest.mock('@/features/admin/api', () => ({ changeSystem: jest.fn(), changeTemplate: jest.fn() }));
const change = jest.mocked(api.changeSystem);

const system = { id: 'undergraduate', name: '本科查重', pricePerThousandFen: 300, minMatch: 13, maxChars: 100000, enabled: true } as never;

test('a price with three decimals and a limit past its maximum are told, not changed, and nothing is saved', async () => {
  change.mockResolvedValue({ success: true, result: system, message: '已保存' } as never);
  render(<SystemDialog item={system} onClose={() => {}} onDone={() => {}} />);
  const price = screen.getByLabelText('每千字价格（元）');
  const minMatch = screen.getByLabelText('起报字数（连续相同多少字标出）');
  fireEvent.change(price, { target: { value: '1.005' } });
  fireEvent.blur(price);
  fireEvent.change(minMatch, { target: { value: '500' } });
  fireEvent.blur(minMatch);
  fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  expect(await screen.findByText('请输入 0.01 到 1000 之间的数，最多 2 位小数')).toBeInTheDocument();
  expect(await screen.findByText('请输入 8 到 200 之间的整数')).toBeInTheDocument();
  expect(price).toHaveValue('1.005');
  expect(minMatch).toHaveValue('500');
  expect(change).not.toHaveBeenCalled();

  fireEvent.change(price, { target: { value: '1.5' } });
  fireEvent.change(minMatch, { target: { value: '20' } });
  fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  await waitFor(() => expect(change).toHaveBeenCalledWith('undergraduate', { pricePerThousandFen: 150, minMatch: 20, maxChars: 100000, enabled: true }));
});
