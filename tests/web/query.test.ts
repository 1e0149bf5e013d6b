import { flattenParams } from '@/utils/query';

describe('GET parameters are flattened into dotted keys (docs/spec.md §7)', () => {
  test.each([
    ['flat values stay', { page: 2, q: '论文', draft: false }, { page: 2, q: '论文', draft: false }],
    ['nested objects', { filter: { year: 2024, type: { name: '硕士' } } }, { 'filter.year': 2024, 'filter.type.name': '硕士' }],
    ['arrays by index', { tags: ['查重', '排版'] }, { 'tags.0': '查重', 'tags.1': '排版' }],
    ['arrays of objects', { sort: [{ field: 'year', order: 'desc' }] }, { 'sort.0.field': 'year', 'sort.0.order': 'desc' }],
    ['empty values dropped', { a: null, b: undefined, c: '' }, { c: '' }],
    ['dates as ISO text', { from: new Date('2026-01-02T03:04:05.000Z') }, { from: '2026-01-02T03:04:05.000Z' }],
    ['nothing', undefined, {}],
  ])('%s', (_case, input, expected) => {
    expect(flattenParams(input as never)).toEqual(expected);
  });
});
