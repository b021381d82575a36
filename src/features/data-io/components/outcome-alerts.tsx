import { Alert, type AlertProps } from '@mantine/core';
import type { ReactNode } from 'react';

/** Why a step failed, announced at once; nothing while there is no failure. */
export function FailureAlert({
  message,
  ...props
}: Omit<AlertProps, 'children'> & { message: ReactNode }) {
  return message ? (
    <Alert color="red" role="alert" {...props}>
      {message}
    </Alert>
  ) : null;
}

/** What a finished step did: its title, and beneath it what it left undone. */
export function DoneAlert(props: AlertProps) {
  return <Alert color="green" role="status" {...props} />;
}
