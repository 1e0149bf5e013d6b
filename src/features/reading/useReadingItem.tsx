import LoadError from '@/components/LoadError';
import { useResult } from '@/hooks/useResult';
import { usePageTitle } from '@/utils/title';
import { Skeleton } from 'antd';
import { useEffect, type ReactElement } from 'react';

/**
 * One piece to read (an article, a paper of the library), by the id in the address: loaded, the page
 * titled after it, read from the top whenever another one is opened. Until it is there, `placeholder`
 * is what the page shows instead: a skeleton of `rows` lines, or the failed load with its retry.
 */
export function useReadingItem<T extends { id: string; title: string }>(
  id: string,
  load: (id: string) => Promise<{ result: T }>,
  what: string,
  rows: number,
): { item: T; placeholder?: undefined } | { item?: undefined; placeholder: ReactElement } {
  const { data, error, reload } = useResult(() => load(id), [id]);
  usePageTitle(data?.title);
  useEffect(() => {
    window.scrollTo?.(0, 0);
  }, [id]);
  if (error && !data) return { placeholder: <LoadError what={what} onRetry={reload} /> };
  // the one last shown stays no longer than it takes to load the next
  if (!data || data.id !== id) return { placeholder: <Skeleton active title paragraph={{ rows }} /> };
  return { item: data };
}
