import { Stack, Text } from '@mantine/core';
import { toast } from 'react-hot-toast';

/** Install and offline-readiness messages stay longer than ordinary toasts (spec: 5 s). */
const PWA_TOAST_DURATION_MS = 5000;

function ToastBody({ title, description }: { title: string; description?: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
    </Stack>
  );
}

export function pwaSuccessToast(title: string, description?: string) {
  return toast.success(<ToastBody title={title} description={description} />, {
    id: `pwa:${title}`,
    duration: PWA_TOAST_DURATION_MS,
  });
}

export function pwaErrorToast(title: string, description?: string) {
  return toast.error(<ToastBody title={title} description={description} />, {
    id: `pwa:${title}`,
    duration: PWA_TOAST_DURATION_MS,
  });
}
