import { Spin } from 'antd';

/** Shown while page scripts and the initial user state load. */
export default function Loading() {
  return (
    <div style={{ minHeight: '60vh', display: 'flex', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" tip="加载中…">
        <div style={{ padding: 48 }} />
      </Spin>
    </div>
  );
}
