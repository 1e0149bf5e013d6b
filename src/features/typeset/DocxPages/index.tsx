import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

/** Scales the rendered pages down to the width there is (never up), so a whole page is in view on a phone. */
function fitToWidth(outer: HTMLDivElement) {
  // docx-preview writes its <style> elements first, then the wrapper of the pages
  const pages = outer.querySelector<HTMLElement>('.docx-wrapper');
  if (!pages) return;
  pages.style.transform = '';
  pages.style.width = 'max-content';
  const natural = pages.scrollWidth;
  const scale = natural ? Math.min(1, outer.clientWidth / natural) : 1;
  pages.style.transformOrigin = 'top left';
  pages.style.transform = `scale(${scale})`;
  outer.style.height = `${Math.ceil(pages.scrollHeight * scale)}px`;
}

/**
 * A .docx rendered page by page in the browser (docx-preview): a template's sample pages. `load`
 * fetches the document (through the request layer, src/features/typeset/api.ts); `source` names it,
 * and a new one loads anew. The pages are scaled to the width of the screen.
 */
export default function DocxPages({ source, load }: { source: string; load: () => Promise<Blob> }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    const outer = container.current;
    if (state !== 'ready' || !outer || typeof ResizeObserver === 'undefined') return undefined;
    fitToWidth(outer);
    const observer = new ResizeObserver(() => fitToWidth(outer));
    observer.observe(outer.parentElement ?? outer);
    return () => observer.disconnect();
  }, [state]);

  useEffect(() => {
    let current = true;
    setState('loading');
    (async () => {
      try {
        const blob = await load();
        const { renderAsync } = await import('docx-preview');
        if (!current || !container.current) return;
        container.current.innerHTML = '';
        await renderAsync(blob, container.current, undefined, { inWrapper: true, ignoreLastRenderedPageBreak: false, renderHeaders: true, renderFooters: true });
        if (current) setState('ready');
      } catch {
        if (current) setState('failed');
      }
    })();
    return () => {
      current = false;
    };
    // `load` is a new function on every render; `source` says when it fetches something else
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source]);

  return (
    <div>
      {state === 'loading' && <Spin tip="正在生成页面预览…"><div style={{ height: 120 }} /></Spin>}
      {state === 'failed' && <Alert type="warning" showIcon message="预览加载失败" description="请刷新页面重试；也可以稍后在排版记录里再打开。" />}
      <div ref={container} aria-label="样张" style={{ overflow: 'hidden', maxWidth: '100%' }} />
    </div>
  );
}
