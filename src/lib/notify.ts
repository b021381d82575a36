import { toast, type ToastOptions } from 'react-hot-toast';

const NOTIFY_DEFAULT_DURATION_MS = 2000;

export type NotifyOptions = Pick<ToastOptions, 'duration' | 'id'>;

// The id is derived from the text so the same message raised twice (e.g. by two failing queries)
// updates one toast instead of stacking copies.
function toastId(kind: 'success' | 'error', message: string) {
  return `${kind}:${message}`;
}

export function notifySuccess(message: string, options: NotifyOptions = {}) {
  return toast.success(message, {
    duration: NOTIFY_DEFAULT_DURATION_MS,
    ...options,
    id: options.id ?? toastId('success', message),
  });
}

export function notifyError(message: string, options: NotifyOptions = {}) {
  return toast.error(message, {
    duration: NOTIFY_DEFAULT_DURATION_MS,
    ...options,
    id: options.id ?? toastId('error', message),
  });
}
