import { Group, Paper, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { useId, type ReactNode } from 'react';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  /** A line or a small figure under the value: what it counts, a share, a comparison. */
  detail?: ReactNode;
  icon?: { node: ReactNode; color: string };
  /** The figure is not known yet: the card keeps its place with a placeholder. */
  loading?: boolean;
  testId?: string;
}

/**
 * One headline figure of a summary (a total, a count, a trend), the same on every analysis page
 * so that a reader compares like with like.
 */
export function StatCard({ label, value, detail, icon, loading = false, testId }: StatCardProps) {
  const labelId = useId();
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      h="100%"
      component="section"
      aria-labelledby={labelId}
      data-testid={testId}
    >
      <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
        <Text id={labelId} size="xs" c="dimmed" tt="uppercase" fw={600}>
          {label}
        </Text>
        {icon ? (
          <ThemeIcon variant="light" color={icon.color} size={32} radius="md">
            {icon.node}
          </ThemeIcon>
        ) : null}
      </Group>
      {loading ? (
        <Skeleton h={28} w={110} mt={6} />
      ) : (
        // Crore-sized amounts must wrap rather than be clipped in a narrow card.
        <Text
          component="div"
          fz={24}
          fw={700}
          lh={1.25}
          mt={6}
          style={{ overflowWrap: 'anywhere', fontVariantNumeric: 'tabular-nums' }}
        >
          {value}
        </Text>
      )}
      {detail && !loading ? (
        <Text size="sm" c="dimmed" mt={4} component="div">
          {detail}
        </Text>
      ) : null}
    </Paper>
  );
}
