import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  type: 'error' | 'warning';
  message: ReactNode;
  /** how to ask again; without it the notice offers no retry (a refusal asking again would only repeat) */
  onRetry?: () => void;
  className?: string;
}

/** A notice that something in a form could not be done, with 重试 beside it where trying again can help. */
export default function RetryAlert({ type, message, onRetry, className }: Props) {
  const action = onRetry && (
    <Button size="small" onClick={onRetry}>
      重试
    </Button>
  );
  return <Alert type={type} showIcon message={message} action={action} className={className} />;
}
