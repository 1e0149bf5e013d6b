/**
 * A new check's form as the student left it, kept in this tab (sessionStorage) until it is
 * submitted: a session that ended on submit sends them to log in and back, and the form they
 * come back to is theirs, uploaded file and all (docs/ux.md: nothing lost when something fails).
 * Kept per account: another account signing in here does not see it.
 */
import type { ReviewForm as ReviewFields } from '@/features/review/api';
import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { Uploaded } from './PaperUpload';

export type Mode = 'upload' | 'text';

export interface Draft {
  userId: string;
  /** the system is not kept: the link holds it (index.tsx) */
  values: Partial<Omit<ReviewFields, 'systemId'>>;
  mode: Mode;
  uploaded?: Uploaded;
}

const KEY = 'zn:review-draft';

/** The account's draft in this tab, if any (storage that is off or full keeps none). */
export function readDraft(userId: string | undefined): Draft | undefined {
  if (!userId) return undefined;
  try {
    const draft = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as Draft | null;
    return draft?.userId === userId ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function saveDraft(draft: Draft) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // storage off or full: the form still works, it is only not kept
  }
}

export function clearDraft() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}

/**
 * The draft a new check's form starts from (none when an unpaid check is changed: it has its own),
 * and `keep`, which saves the form as it is now with the paper's mode and file.
 */
export function useDraft(form: FormInstance<ReviewFields>, changing: boolean, userId: string | undefined) {
  const [draft] = useState(() => (changing ? undefined : readDraft(userId)));
  const keep = (mode: Mode, uploaded: Uploaded | undefined, { systemId: _linked, ...values }: Partial<ReviewFields> = form.getFieldsValue()) => {
    if (!changing && userId) saveDraft({ userId, values, mode, uploaded });
  };
  return { draft, keep };
}
