import { Box, Button, Code, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import type { TFunction } from 'i18next';
import { HOME_PATH } from '@/features/auth/redirect-target';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { usePageTitle } from '@/lib/page-title';
import NotFoundPage from './not-found-page';

/** A route's code that the browser could not fetch: offline before it was cached, or a deploy. */
function isChunkLoadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /dynamically imported module|importing a module script|Failed to fetch/i.test(error.message)
  );
}

function describeError(error: unknown, t: TFunction): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  // The server's English message is for logs; the user reads the failure in their language.
  if (error instanceof ApiError) return errorText(error, t);
  if (error instanceof Error) return error.message;
  return String(error);
}

/**
 * Shown by the router when rendering or loading a route throws. Its texts come from `common`,
 * which is always loaded, because the failure may be exactly that another namespace or chunk
 * could not be fetched.
 */
export function RouteErrorView({ inLayout = false }: { inLayout?: boolean }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const [showDetails, setShowDetails] = useState(false);
  const headingRef = usePageTitle<HTMLHeadingElement>(t('errorView.title'));

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  const chunkFailed = isChunkLoadFailure(error);
  return (
    <Box
      // Inside the layout, <main> is the layout's; alone, this is the page.
      component={inLayout ? 'section' : 'main'}
      p="xl"
      mih={inLayout ? '40dvh' : '60dvh'}
      display="flex"
      style={{ alignItems: 'center', justifyContent: 'center' }}
    >
      <Stack align="center" gap="md" maw={640} ta="center">
        <IconAlertTriangle size={56} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz={28} ref={headingRef} tabIndex={-1} className="page-heading">
          {t('errorView.title')}
        </Title>
        <Text c="dimmed" role="alert">
          {chunkFailed ? t('errorView.notLoaded') : t('errorView.description')}
        </Text>
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => setShowDetails((open) => !open)}
            aria-expanded={showDetails}
            aria-controls="route-error-details"
          >
            {showDetails ? t('errorView.hide') : t('errorView.show')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={() => window.location.reload()}
          >
            {t('errorView.reload')}
          </Button>
          <Button component={Link} to={HOME_PATH} leftSection={<IconHome size={18} aria-hidden />}>
            {t('actions.backToHome')}
          </Button>
        </Group>
        <Collapse expanded={showDetails} w="100%" id="route-error-details">
          {showDetails && (
            <Code block ta="left" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
              {describeError(error, t)}
            </Code>
          )}
        </Collapse>
      </Stack>
    </Box>
  );
}
