/**
 * An upload's progress, for any call that reports it (a paper, a manuscript, an avatar): `track`
 * runs the call with a progress listener and `percent` is how far it got, undefined when no upload
 * is under way.
 */
import { useCallback, useState } from 'react';

/** What the request layer reports while a body is sent. */
export type ProgressListener = (event: { loaded: number; total?: number }) => void;

export function useUploadProgress() {
  const [percent, setPercent] = useState<number>();
  const track = useCallback(async <T>(send: (onUploadProgress: ProgressListener) => Promise<T>): Promise<T> => {
    setPercent(0);
    try {
      return await send((event) => setPercent(event.total ? Math.round((event.loaded / event.total) * 100) : 0));
    } finally {
      setPercent(undefined);
    }
  }, []);
  return { percent, uploading: percent !== undefined, track };
}
