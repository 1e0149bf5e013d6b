import type { ReactNode } from 'react';

/** A ProForm submitter with one button: `text`, no reset button. */
export const submitOnly = (text: string, block = false) => ({
  searchConfig: { submitText: text },
  resetButtonProps: false as const,
  submitButtonProps: block ? { size: 'large' as const, block: true } : {},
  render: (_props: unknown, buttons: ReactNode[]) => buttons,
});
