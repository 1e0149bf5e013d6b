import { Alert, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';

/**
 * A .docx rendered page by page in the browser (docx-preview): what the student will get, before
 * paying. `url` is fetched with the session cookie.
 */
export default function DocxPages({ url }: { url: string }) {
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');

  useEffect(() => {
    let current = true;
    setState('loading');
    (async () => {
      try {
        const response = await fetch(url, { credentials: 'include' });
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
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
  }, [url]);

  return (
    <div>
      {state === 'loading' && <Spin tip="正在生成页面预览…"><div style={{ height: 120 }} /></Spin>}
      {state === 'failed' && <Alert type="warning" showIcon message="预览加载失败" description="请刷新页面重试；也可以稍后在排版记录里再打开。" />}
      <div ref={container} aria-label="排版预览" style={{ overflowX: 'auto', maxWidth: '100%' }} />
    </div>
  );
}
