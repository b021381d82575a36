import {
  SegmentedControl,
  Stack,
  Text,
  type MantineFontWeight,
  type SegmentedControlProps,
} from '@mantine/core';
import { useId } from 'react';

/**
 * A segmented control under a small label of its own, which names it for a screen reader (a
 * segmented control has no label of its own in Mantine).
 */
export function LabelledSegmentedControl<Value extends string>({
  label,
  labelWeight,
  ...control
}: SegmentedControlProps<Value> & { label: string; labelWeight: MantineFontWeight | number }) {
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={labelWeight} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} {...control} />
    </Stack>
  );
}
