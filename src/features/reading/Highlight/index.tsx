import { Fragment } from 'react';

const escape = (term: string) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Text with every occurrence of the search terms marked, case-insensitively. */
export default function Highlight({ text, terms }: { text: string; terms: string[] }) {
  const words = terms.filter(Boolean);
  if (!words.length) return <>{text}</>;
  const pattern = new RegExp(`(${words.map(escape).join('|')})`, 'gi');
  const lower = new Set(words.map((w) => w.toLowerCase()));
  return <>{text.split(pattern).map((part, i) => (lower.has(part.toLowerCase()) ? <mark key={i}>{part}</mark> : <Fragment key={i}>{part}</Fragment>))}</>;
}
