import { Group, Text, type GroupProps, type MantineBreakpoint } from '@mantine/core';

function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <img
      src="/icons/logo.svg"
      width={size}
      height={size}
      alt=""
      style={{ borderRadius: size / 4.5 }}
    />
  );
}

/** Logo and product name; the name is a proper noun and stays the same in every language. */
export function Brand({
  size = 32,
  nameVisibleFrom,
  ...props
}: GroupProps & { size?: number; nameVisibleFrom?: MantineBreakpoint }) {
  return (
    <Group gap={10} wrap="nowrap" {...props}>
      <BrandMark size={size} />
      <Text
        fw={800}
        fz={size * 0.62}
        lh={1}
        style={{ letterSpacing: '-0.02em' }}
        visibleFrom={nameVisibleFrom}
      >
        Karkhana
      </Text>
    </Group>
  );
}
