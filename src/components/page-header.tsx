import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/page-title';
import { HelpButton } from './help-button';

export interface PageHeaderProps {
  title: ReactNode;
  description?: ReactNode;
  /** Primary actions (e.g. "Add merchant"), placed at the end of the title row. */
  actions?: ReactNode;
  /** For the browser tab when `title` is not plain text. */
  documentTitle?: string;
}

export function PageHeader({ title, description, actions, documentTitle }: PageHeaderProps) {
  const headingRef = usePageTitle<HTMLHeadingElement>(
    documentTitle ?? (typeof title === 'string' ? title : undefined),
  );
  return (
    <Group justify="space-between" align="flex-start" gap="md" wrap="wrap" mb="lg">
      <Stack gap={4} miw={0} style={{ flex: '1 1 16rem' }}>
        <Group gap="xs" wrap="nowrap" align="center">
          <Title
            order={1}
            fz={{ base: 'h3', sm: 'h2' }}
            lh={1.2}
            ref={headingRef}
            tabIndex={-1}
            className="page-heading"
          >
            {title}
          </Title>
          <HelpButton />
        </Group>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <Group gap="sm" wrap="wrap" className="page-actions">
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
