/**
 * The overview's chart: one bar a day, readable without seeing it (its summary, and the figures in
 * a table), the highest day the tallest bar.
 */
import { render, screen } from '@testing-library/react';
import DayChart from '@/features/admin/DayChart';
import { formatFen } from '@/utils/money';

test('a bar a day, summed up for a screen reader, with every day in a table', () => {
  const data = [
    { day: '2026-11-23', value: 1000 },
    { day: '2026-11-24', value: 0 },
    { day: '2026-11-25', value: 8900 },
  ];
  const { container } = render(<DayChart label="每日收入" data={data} format={formatFen} />);
  expect(screen.getByRole('img', { name: '每日收入：2026-11-23 至 2026-11-25 共 ¥99.00，最高 11-25 ¥89.00' })).toBeInTheDocument();
  const heights = [...container.querySelectorAll('rect')].map((bar) => Number(bar.getAttribute('height')));
  expect(heights[2]).toBeGreaterThan(heights[0]);
  expect(heights[1]).toBe(0);
  expect(screen.getByRole('row', { name: '2026-11-25 ¥89.00' })).toBeInTheDocument();
  expect(screen.getByText('11-23')).toBeInTheDocument();
});
