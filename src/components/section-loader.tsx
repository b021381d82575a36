import { Group, Loader } from '@mantine/core';

/** A spinner in the place of a section whose data is still loading; `label` names what loads. */
export function SectionLoader({ label }: { label: string }) {
  return (
    <Group justify="center" py="xl">
      <Loader aria-label={label} />
    </Group>
  );
}
