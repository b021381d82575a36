import type { z } from 'zod';
import type { FormModalProps } from '@/components/form-modal';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';

/** The slice of a resource write hook (`useCreate`, `useUpdate`) a form dialog needs. */
interface FormWrite<TInput> {
  mutate: (
    input: TInput,
    options: { onSuccess: () => void; onError: (error: Error) => void; onQueued: () => void },
  ) => void;
  isPending: boolean;
}

export interface RecordFormModalOptions<Values, TRecord, TCreate, TUpdate> {
  /** The record being edited; `null` adds a new one. */
  record: TRecord | null;
  initialValues: Values;
  schemas: { create: z.ZodType; update: z.ZodType };
  /** The area's i18n namespace, where it may word errors for its fields. */
  namespace: string;
  create: FormWrite<TCreate>;
  update: FormWrite<{ id: string; body: TUpdate }>;
  onClose: () => void;
}

export interface RecordFormModal<Values, TCreate, TUpdate> {
  form: ZodForm<Values, TCreate | TUpdate>;
  isEdit: boolean;
  /** Spread onto `FormModal`; only the title is left to the caller. */
  modalProps: Omit<FormModalProps, 'title' | 'children'>;
}

/**
 * The wiring every create/edit dialog shares: the zod-validated form, create or update on
 * submit, close on success (or once an offline write is queued), and a server's field errors (a 400, or a 409 naming a unique field
 * such as a design code) shown on the inputs they belong to.
 */
export function useRecordFormModal<
  Values extends Record<string, unknown>,
  TRecord extends { _id: string },
  TCreate,
  TUpdate,
>({
  record,
  initialValues,
  schemas,
  namespace,
  create,
  update,
  onClose,
}: RecordFormModalOptions<Values, TRecord, TCreate, TUpdate>): RecordFormModal<
  Values,
  TCreate,
  TUpdate
> {
  const isEdit = record !== null;
  const form = useZodForm<Values, TCreate | TUpdate>({
    schema: isEdit ? schemas.update : schemas.create,
    namespace,
    initialValues,
  });

  const onSubmit = form.submit((body) => {
    const callbacks = {
      onSuccess: onClose,
      // Saved on this device while offline: closing as on success, the list shows the entry.
      onQueued: onClose,
      onError: (error: Error) => void form.applyServerErrors(error),
    };
    if (record) update.mutate({ id: record._id, body: body as TUpdate }, callbacks);
    else create.mutate(body as TCreate, callbacks);
  });

  return {
    form,
    isEdit,
    modalProps: {
      opened: true,
      onClose,
      onSubmit,
      submitting: create.isPending || update.isPending,
    },
  };
}
