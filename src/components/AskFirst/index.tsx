/**
 * An action asked first (it cannot be undone, or it tells others): antd's Popconfirm, usable from
 * the keyboard as a dialog is. Once open, the focus is on its cancel button (antd's leaves it on
 * the action underneath, so Tab wanders through the page before reaching the question), and
 * Escape closes it and gives the focus back to the action (antd's closes only while the focus is
 * still on the action).
 */
import { STYLE_PREFIX } from '@/constants';
import { Popconfirm, type PopconfirmProps } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';

export default function AskFirst(props: PopconfirmProps) {
  const [open, setOpen] = useState(false);
  const action = useRef<HTMLElement | null>(null);
  // the question's own class, to find its buttons once it is in place
  const marker = `ask-first-${useId().replace(/:/g, '')}`;

  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      action.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <Popconfirm
      {...props}
      rootClassName={[props.rootClassName, marker].filter(Boolean).join(' ')}
      open={open}
      onOpenChange={(next) => {
        if (next && document.activeElement instanceof HTMLElement) action.current = document.activeElement;
        setOpen(next);
      }}
      afterOpenChange={(opened) => {
        // once placed: focusing it while it is still being laid out would scroll the page to its first position
        if (opened) document.querySelector<HTMLElement>(`.${marker} .${STYLE_PREFIX}-popconfirm-buttons button`)?.focus({ preventScroll: true });
      }}
    />
  );
}
