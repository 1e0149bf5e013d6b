/**
 * Shown while page scripts and the initial user state load. Plain markup and CSS (global.less):
 * it is in the first script every visitor downloads, so it does not pull in antd's Spin.
 */
export default function Loading() {
  return (
    <div className="zn-loading" role="status" aria-live="polite">
      <span className="zn-loading-dot" aria-hidden />
      <span>加载中…</span>
    </div>
  );
}
