import { EmptyState as MantineEmptyState } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  return (
    <MantineEmptyState
      py="xl"
      px="md"
      variant="light"
      title={title}
      description={description}
      icon={icon ?? <IconInbox size={28} stroke={1.5} aria-hidden />}
    >
      {action ? <MantineEmptyState.Actions>{action}</MantineEmptyState.Actions> : null}
    </MantineEmptyState>
  );
}
