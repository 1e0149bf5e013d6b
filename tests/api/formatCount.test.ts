/** Counts are shown with a thousands separator wherever the app, the API's messages or the report PDF show one. */
import { formatCount } from '../../common/formatCount';
import { useSignedInApp } from './testApp';

test('60480 is 60,480; small numbers and fractions stay as they are', () => {
  expect(formatCount(60480)).toBe('60,480');
  expect(formatCount(1234567)).toBe('1,234,567');
  expect(formatCount(999)).toBe('999');
  expect(formatCount(0)).toBe('0');
  expect(formatCount(12345.5)).toBe('12,345.5');
});

const { me } = useSignedInApp();

test('a paper over a system’s limit is told with separated counts', async () => {
  const systems = (await me().get('/api/v1/review/system')).body.result as Array<{ id: string; maxChars: number }>;
  const smallest = systems.reduce((a, b) => (a.maxChars <= b.maxChars ? a : b));
  const text = '论'.repeat(smallest.maxChars + 1);
  const res = await me().post('/api/v1/review/quote', { systemId: smallest.id, text });
  expect(res.status).toBe(422);
  expect(res.body.errors.paper).toContain(`论文有 ${formatCount(smallest.maxChars + 1)} 字`);
  expect(res.body.errors.paper).toContain(`上限 ${formatCount(smallest.maxChars)} 字`);
});
