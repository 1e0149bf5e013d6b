type QueryValue = string | number | boolean | null | undefined | Date | QueryObject | QueryValue[];
export interface QueryObject {
  [key: string]: QueryValue;
}

/**
 * Flattens nested query parameters into dotted keys (docs/spec.md §7):
 * `{ filter: { year: 2024, tags: ['a', 'b'] } }` → `{ 'filter.year': 2024, 'filter.tags.0': 'a',
 * 'filter.tags.1': 'b' }`. Arrays use their index as the key part; null and undefined are dropped.
 */
export function flattenParams(params: QueryObject = {}, prefix = ''): Record<string, string | number | boolean> {
  const flat: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === null || value === undefined) continue;
    if (value instanceof Date) {
      flat[name] = value.toISOString();
    } else if (Array.isArray(value)) {
      Object.assign(flat, flattenParams(Object.fromEntries(value.entries()), name));
    } else if (typeof value === 'object') {
      Object.assign(flat, flattenParams(value, name));
    } else {
      flat[name] = value;
    }
  }
  return flat;
}
