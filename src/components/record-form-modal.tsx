import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  FormFields,
  formSchema,
  initialFieldValues,
  type FieldSpec,
} from '@/components/form-fields';
import { FormModal } from '@/components/form-modal';
import { FormNotices, saveFailureText, useFormSafety } from '@/components/form-safety';
import { StaleVersionDialog, useStaleVersion } from '@/components/stale-version-dialog';
import { useZodForm } from '@/lib/use-zod-form';
import type { ResourceMessages, ResourceNamespace } from '@/lib/resource-factory';

type FormValues = Record<string, unknown>;

interface WriteCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
  onQueued: () => void;
}

/** The slice of a resource (src/lib/resources.ts) a record dialog needs. */
export interface FormResource<TCreate, TUpdate> {
  name: string;
  namespace: ResourceNamespace;
  schemas: { create: z.ZodType };
  messages: Pick<ResourceMessages, 'createFailed' | 'updateFailed'>;
  useCreate: () => {
    mutate: (input: TCreate, options: WriteCallbacks) => void;
    isPending: boolean;
  };
  useUpdate: () => {
    mutate: (input: { id: string; body: TUpdate }, options: WriteCallbacks) => void;
    isPending: boolean;
  };
}

export interface RecordFormModalProps<
  TRecord extends { _id: string; version: number },
  TCreate,
  TUpdate,
> {
  resource: FormResource<TCreate, TUpdate>;
  /** The record being edited; `null` adds a new one. */
  record: TRecord | null;
  fields: readonly FieldSpec[];
  /** The contract's field schemas, read for required and maxLength. */
  shape: Record<string, z.core.$ZodType>;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Shown between the draft/failure notices and the fields. */
  children?: ReactNode;
}

/**
 * The create/edit dialog of every area: fields from their definitions, create or update on
 * submit, close on success (or once an offline write is queued), a server's field errors on
 * their inputs, and nothing typed ever lost: closing a changed form asks first, a failed save
 * keeps the form open, and a new record's input is kept as a draft until it is saved. An edit
 * sends the version it read; when someone else saved first, the user sees what changed and
 * chooses between their values and the stored ones.
 */
export function RecordFormModal<
  TRecord extends { _id: string; version: number },
  TCreate,
  TUpdate,
>({
  resource,
  record,
  fields,
  shape,
  onClose,
  size,
  children,
}: RecordFormModalProps<TRecord, TCreate, TUpdate>) {
  const { namespace } = resource;
  const { t } = useTranslation([namespace, 'ui']);
  const isEdit = record !== null;
  const schema = useMemo(
    () => formSchema(fields, shape, resource.schemas.create),
    [fields, shape, resource.schemas.create],
  );
  const form = useZodForm<FormValues, unknown>({
    schema,
    namespace,
    initialValues: initialFieldValues(fields, record),
  });
  const create = resource.useCreate();
  const update = resource.useUpdate();
  const safety = useFormSafety(form, isEdit ? null : `${resource.name}:create`);
  const [failure, setFailure] = useState<string | null>(null);
  const stale = useStaleVersion<TRecord>(record);

  const save = (body: FormValues, version = stale.version) => {
    setFailure(null);
    const done = () => {
      safety.forgetDraft();
      onClose();
    };
    const callbacks: WriteCallbacks = {
      onSuccess: done,
      // Saved on this device while offline: closing as on success, the list shows the entry.
      onQueued: done,
      onError: (error) => {
        if (stale.catchStale(error, form.getValues())) return;
        const unplaced = form.applyServerErrors(error);
        const fallback = isEdit ? resource.messages.updateFailed : resource.messages.createFailed;
        setFailure(saveFailureText(error, unplaced, t, fallback));
      },
    };
    if (record) {
      const versioned = { ...body, version };
      update.mutate({ id: record._id, body: versioned as TUpdate }, callbacks);
    } else {
      create.mutate(body as TCreate, callbacks);
    }
  };
  const onSubmit = form.submit((body) => save(body as FormValues));

  // Their values become the form's, as if the record had just been opened.
  const useTheirs = () => {
    const resolved = stale.resolve();
    if (!resolved) return;
    const values = initialFieldValues(fields, resolved.current);
    form.setValues(values);
    form.resetDirty(values);
  };
  // The user's values again, over the version that is stored now.
  const keepMine = () => {
    const resolved = stale.resolve();
    if (!resolved) return;
    form.submit((body) => save(body as FormValues, resolved.current.version))();
  };

  const notice = <FormNotices safety={safety} failure={failure} />;

  return (
    <FormModal
      opened
      title={isEdit ? t('edit') : t('add')}
      onClose={onClose}
      onSubmit={onSubmit}
      submitting={create.isPending || update.isPending}
      dirty={form.isDirty()}
      notice={notice}
      size={size}
    >
      {children}
      <FormFields fields={fields} form={form} shape={shape} namespace={namespace} />
      {stale.conflict && stale.read ? (
        <StaleVersionDialog
          namespace={namespace}
          fields={fields.filter((field) => field.kind !== 'custom')}
          read={stale.read}
          current={stale.conflict.current}
          mine={stale.conflict.mine}
          onUseTheirs={useTheirs}
          onKeepMine={keepMine}
          onClose={stale.dismiss}
        />
      ) : null}
    </FormModal>
  );
}
