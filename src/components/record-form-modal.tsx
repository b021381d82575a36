import { useMemo, type ReactNode } from 'react';
import type { z } from 'zod';
import {
  FormFields,
  formSchema,
  initialFieldValues,
  type FieldSpec,
} from '@/components/form-fields';
import { useFormSafety } from '@/components/form-safety';
import { useVersionedSave } from '@/components/use-versioned-save';
import { VersionedFormModal } from '@/components/versioned-form-modal';
import { useZodForm } from '@/lib/use-zod-form';
import type { ResourceMessages, ResourceNamespace } from '@/lib/resource-factory';

type FormValues = Record<string, unknown>;

interface WriteCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
  onQueued: () => void;
}

/** The slice of a resource (an area's resource.ts) a record dialog needs. */
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
  const isEdit = record !== null;
  const schema = useMemo(
    () => formSchema(fields, shape, resource.schemas.create),
    [fields, shape, resource.schemas.create],
  );
  const form = useZodForm<FormValues, FormValues>({
    schema,
    namespace,
    initialValues: initialFieldValues(fields, record),
  });
  const create = resource.useCreate();
  const update = resource.useUpdate();
  const safety = useFormSafety(form, isEdit ? null : `${resource.name}:create`);
  const saving = useVersionedSave({
    form,
    record,
    write: (body, version, callbacks) => {
      if (record) {
        update.mutate({ id: record._id, body: { ...body, version } as TUpdate }, callbacks);
      } else {
        create.mutate(body as TCreate, callbacks);
      }
    },
    toValues: (current: TRecord) => initialFieldValues(fields, current),
    failureKey: isEdit ? resource.messages.updateFailed : resource.messages.createFailed,
    // Also once saved on this device while offline: the list shows the entry.
    onSaved: () => {
      safety.forgetDraft();
      onClose();
    },
  });

  return (
    <VersionedFormModal
      namespace={namespace}
      isEdit={isEdit}
      fields={fields}
      state={{ form, safety, saving, submitting: create.isPending || update.isPending }}
      onClose={onClose}
      size={size}
    >
      {children}
      <FormFields fields={fields} form={form} shape={shape} namespace={namespace} />
    </VersionedFormModal>
  );
}

/**
 * The dialog of an area whose fields never change with the data: only the record being edited
 * (`null` adds one) and the close differ between uses.
 */
export function recordFormModal<TCreate, TUpdate>(
  form: Pick<RecordFormModalProps<never, TCreate, TUpdate>, 'resource' | 'fields' | 'shape'>,
) {
  return function AreaRecordFormModal<TRecord extends { _id: string; version: number }>({
    record,
    onClose,
  }: {
    record: TRecord | null;
    onClose: () => void;
  }) {
    return <RecordFormModal {...form} record={record} onClose={onClose} />;
  };
}
