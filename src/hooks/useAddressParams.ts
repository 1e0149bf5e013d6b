import { useSearchParams } from 'umi';
import { MAX_PAGE } from '../../common/content';

/**
 * A page's choices kept in its address (`?key=value`), so that back, a reload and a shared link
 * show them again. A change replaces the address rather than adding to the history: back leaves
 * the page instead of stepping through its tabs and pages. An empty value leaves its key out.
 */
export function useAddressParams() {
  const [params, setParams] = useSearchParams();
  const change = (changes: Record<string, string | undefined>) => {
    const kept = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) kept.set(key, value);
      else kept.delete(key);
    }
    setParams(kept, { replace: true });
  };
  return [params, change] as const;
}

/** A page number from the address: 1 for none or nonsense, MAX_PAGE at most (a list steps back from a page past its last). */
export const pageFrom = (value: string | null) => Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(value)) || 1));

/** A page number for the address: none for the first. */
export const pageTo = (page: number) => (page > 1 ? String(page) : undefined);

/** One of `choices` the address names, if it names one (none for one the page does not know). */
export const choiceFrom = <T extends string>(choices: readonly T[], value: string | null): T | undefined => choices.find((choice) => choice === value);
