/**
 * Pages the server rendered as pictures (the typeset preview), one under the other, each as wide
 * as the screen allows and never wider than the page itself: the whole page is always in view and
 * the reader zooms in with the fingers or the browser.
 */
export default function PagePictures({ count, urlOf, label }: { count: number; urlOf: (page: number) => string; label: string }) {
  return (
    <div aria-label={label} style={{ display: 'grid', gap: 16, justifyItems: 'center', background: '#f0f0f0', padding: 'min(16px, 3vw)', borderRadius: 8 }}>
      {Array.from({ length: count }, (_, i) => (
        <img
          key={i}
          src={urlOf(i + 1)}
          alt={`第 ${i + 1} 页（共 ${count} 页）`}
          loading={i < 2 ? 'eager' : 'lazy'}
          width={794}
          height={1123}
          style={{ display: 'block', width: '100%', maxWidth: 794, height: 'auto', background: '#fff', boxShadow: '0 1px 6px rgba(0,0,0,.15)' }}
        />
      ))}
    </div>
  );
}
