import { Button } from '@mantine/core';
import { IconBrandWhatsapp, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A list page's header button that opens another page, beside its add button. */
export function HeaderLinkButton({
  to,
  icon: LeftIcon,
  children,
}: {
  to: string;
  icon: Icon;
  children: ReactNode;
}) {
  return (
    <Button
      component={Link}
      to={to}
      variant="default"
      size="md"
      leftSection={<LeftIcon size={18} aria-hidden />}
    >
      {children}
    </Button>
  );
}

/** Opens WhatsApp in a new tab with a message already written, so nothing of the page is lost. */
export function WhatsAppShareButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      variant="light"
      color="green"
      leftSection={<IconBrandWhatsapp size={16} aria-hidden />}
    >
      {children}
    </Button>
  );
}
