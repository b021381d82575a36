import { Button, Title, type TitleProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePageTitle } from '@/lib/page-title';

/**
 * A full-screen page's one h1: it names the browser tab and takes the focus after a navigation,
 * so a screen reader starts from the new page's title.
 */
export function PageHeading({ title, fz }: { title: string; fz: TitleProps['fz'] }) {
  const headingRef = usePageTitle<HTMLHeadingElement>(title);
  return (
    <Title order={1} fz={fz} ref={headingRef} tabIndex={-1} className="page-heading">
      {title}
    </Title>
  );
}

/** Back to where the user came from, as the browser's own back button would. */
export function GoBackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      variant="default"
      leftSection={<IconArrowLeft size={18} aria-hidden />}
      onClick={() => navigate(-1)}
    >
      {t('actions.goBack')}
    </Button>
  );
}
