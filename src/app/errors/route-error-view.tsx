import { Box, Button, Code, Collapse, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconHome, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import type { TFunction } from 'i18next';
import { HOME_PATH } from '@/features/auth/redirect-target';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import NotFoundPage from './not-found-page';

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
export function RouteErrorView() {
  const error = useRouteError();
  const { t } = useTranslation();
  const [showDetails, setShowDetails] = useState(false);

  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;

  return (
    <Box
      component="main"
      p="xl"
      mih="60dvh"
      display="flex"
      style={{ alignItems: 'center', justifyContent: 'center' }}
    >
      <Stack align="center" gap="md" maw={640} ta="center">
        <IconAlertTriangle size={56} color="var(--mantine-color-red-6)" aria-hidden />
        <Title order={1} fz={28}>
          {t('errorView.title')}
        </Title>
        <Text c="dimmed">{t('errorView.description')}</Text>
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
