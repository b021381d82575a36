import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** An empty cell: a dimmed dash that screen readers skip, so a blank value is not read out. */
export function Dash() {
  return (
    <Text component="span" c="dimmed" aria-hidden>
      —
    </Text>
  );
}

/**
 * A list's main cell: the record's name in bold over a smaller dimmed detail line (city,
 * designation, description), the detail left out when there is none.
 */
export function TitleCell({
  title,
  detail,
  detailLines,
  strong = true,
}: {
  title: ReactNode;
  detail?: ReactNode;
  /** Clamps a long free-text detail to this many lines. */
  detailLines?: number;
  /** False where another column already names the record in bold. */
  strong?: boolean;
}) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={strong ? 600 : undefined}>
        {title}
      </Text>
      {detail ? (
        <Text size="xs" c="dimmed" lineClamp={detailLines}>
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A phone number a tap dials (spaces dropped from the link only), or a dash when there is none. */
export function PhoneCell({ phone }: { phone: string | null | undefined }) {
  if (!phone) return <Dash />;
  return (
    <Text component="a" href={`tel:${phone.replace(/\s+/g, '')}`} size="sm" c="inherit">
      {phone}
    </Text>
  );
}
