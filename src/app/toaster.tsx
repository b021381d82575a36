import { Loader, Notification } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconInfoCircle } from '@tabler/icons-react';
import {
  Toaster as HotToaster,
  resolveValue,
  toast as hotToast,
  type Toast,
} from 'react-hot-toast';
import { useTranslation } from 'react-i18next';

const TOAST_DURATION_MS = 2000;

const toastColor: Record<Toast['type'], string> = {
  success: 'teal',
  error: 'red',
  loading: 'brand',
  blank: 'brand',
  custom: 'brand',
};

function toastIcon(type: Toast['type']) {
  if (type === 'success') return <IconCheck size={18} aria-hidden />;
  if (type === 'error') return <IconAlertTriangle size={18} aria-hidden />;
  if (type === 'loading') return <Loader size={16} color="white" aria-hidden />;
  return <IconInfoCircle size={18} aria-hidden />;
}

function ToastCard({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  return (
    <Notification
      {...toast.ariaProps}
      color={toastColor[toast.type]}
      icon={toastIcon(toast.type)}
      withBorder
      onClose={() => hotToast.dismiss(toast.id)}
      closeButtonProps={{ 'aria-label': t('toast.close') }}
      w={356}
      maw="calc(100vw - 32px)"
      style={{
        boxShadow: 'var(--mantine-shadow-md)',
        opacity: toast.visible ? 1 : 0,
        transform: toast.visible ? 'translateY(0)' : 'translateY(-8px)',
        transition: 'opacity 160ms ease, transform 160ms ease',
      }}
    >
      {resolveValue(toast.message, toast)}
    </Notification>
  );
}

/**
 * react-hot-toast's own container takes no accessible name, so a labelled region wraps it; the
 * toasts themselves are Mantine notifications so they follow the colour scheme.
 */
export function AppToaster() {
  const { t } = useTranslation();
  return (
    <section aria-label={t('toast.region')}>
      {/* Top centre, just under the header: at the bottom right they covered the Save and
          paging buttons, which is where a thumb or pointer goes next. */}
      <HotToaster
        position="top-center"
        toastOptions={{ duration: TOAST_DURATION_MS }}
        gutter={14}
        containerStyle={{ top: 'calc(var(--app-shell-header-height, 64px) + 8px)' }}
      >
        {(toast) => <ToastCard toast={toast} />}
      </HotToaster>
    </section>
  );
}
