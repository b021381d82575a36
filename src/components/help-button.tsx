import { ActionIcon, Tooltip } from '@mantine/core';
import { IconQuestionMark } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useInRouterContext, useLocation } from 'react-router';
import { helpArticleFor, helpArticlePath } from '@/lib/help-topics';

/** The "?" beside a page's title: opens the guide that explains the page, when there is one. */
export function HelpButton() {
  // Page headers also render in isolated component tests, outside any router.
  if (!useInRouterContext()) return null;
  return <HelpLink />;
}

function HelpLink() {
  const { t } = useTranslation('ui');
  const { pathname } = useLocation();
  const article = helpArticleFor(pathname);
  if (!article) return null;
  const label = t('helpButton');
  return (
    <Tooltip label={label}>
      <ActionIcon
        component={Link}
        to={helpArticlePath(article)}
        variant="light"
        radius="xl"
        size="md"
        aria-label={label}
        className="help-button"
      >
        <IconQuestionMark size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
