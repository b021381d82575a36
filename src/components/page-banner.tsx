import { Alert, type MantineColor } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A notice across the top of a page: one light, coloured alert with its icon and title. */
export function PageBanner(props: {
  color: MantineColor;
  icon: Icon;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const { icon: BannerIcon } = props;
  return (
    <Alert
      color={props.color}
      variant="light"
      mb="md"
      icon={<BannerIcon size={20} aria-hidden />}
      title={props.title}
      data-testid={props.testId}
    >
      {props.children}
    </Alert>
  );
}
