/**
 * A count as the app shows it, with a thousands separator: 60480 → 60,480 (as in 60,480 字).
 * Written out rather than through toLocaleString, which depends on the runtime's locale data.
 */
export function formatCount(n: number): string {
  const [whole, fraction] = String(n).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
