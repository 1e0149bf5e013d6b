import { Progress } from 'antd';
import type { CSSProperties } from 'react';

/** The bar of an upload under way (useUploadProgress's `percent`); nothing when none is. */
export default function UploadProgress({ percent, small, style }: { percent?: number; small?: boolean; style?: CSSProperties }) {
  if (percent === undefined) return null;
  return <Progress percent={percent} status="active" size={small ? 'small' : 'default'} style={style} aria-label="上传进度" />;
}
