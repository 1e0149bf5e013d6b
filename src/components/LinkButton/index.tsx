import { Button, type ButtonProps } from 'antd';
import type React from 'react';
import { useNavigate } from 'umi';

type Props = Omit<ButtonProps, 'href' | 'htmlType'> & { to: string };

/**
 * A link that looks like a button: one element, one tab stop, read as a link (a button inside a
 * link is invalid HTML and two stops for one action). A plain click moves within the app; a click
 * with a modifier key or the middle button opens the address as any link does.
 */
export default function LinkButton({ to, onClick, ...props }: Props) {
  const navigate = useNavigate();
  const follow = (event: React.MouseEvent<HTMLElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <Button {...props} href={to} onClick={follow} />;
}
