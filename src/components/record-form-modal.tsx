import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  FormFields,
  formSchema,
  initialFieldValues,
  type FieldSpec,
} from '@/components/form-fields';
import { FormModal } from '@/components/form-modal';
import { errorText } from '@/lib/error-text';
import { clearDraft, loadDraft, saveDraft, type FormDraft } from '@/lib/form-drafts';
import { useZodForm, type ZodForm } from '@/lib/use-zod-form';

type FormValues = Record<string, unknown>;

interface WriteCallbacks {
  onSuccess: () => void;
  onError: (error: Error) => void;
  onQueued: () => void;
}

/** The slice of a resource (src/lib/resources.ts) a record dialog needs. */
export interface FormResource<TCreate, TUpdate> {
  name: string;
  namespace: string;
  schemas: { create: z.ZodType };
  messages: { createFailed: string; updateFailed: string };
  useCreate: () => {
    mutate: (input: TCreate, options: WriteCallbacks) => void;
    isPending: boolean;
  };
  useUpdate: () => {
    mutate: (input: { id: string; body: TUpdate }, options: WriteCallbacks) => void;
    isPending: boolean;
  };
}

const DRAFT_SAVE_DELAY_MS = 400;

/**
 * What a typed form keeps safe: a create form's draft survives a reload and is offered back; a
 * save that fails keeps every input and says why; the first field in error takes the focus.
 */
function useFormSafety(form: ZodForm<FormValues, unknown>, draftId: string | null) {
  const [draft, setDraft] = useState<FormDraft<FormValues> | undefined>(() =>
    draftId ? loadDraft<FormValues>(draftId) : undefined,
  );
  const values = form.getValues();
  const dirty = form.isDirty();
  useEffect(() => {
    // While a draft is on offer the form is untouched: saving now would overwrite it.
    if (!draftId || draft || !dirty) return;
    const timer = setTimeout(() => saveDraft(draftId, values), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draftId, draft, dirty, values]);

  return {
    draft,
    restoreDraft: () => {
      if (!draft) return;
      form.setValues(draft.values);
      setDraft(undefined);
    },
    discardDraft: () => {
      if (draftId) clearDraft(draftId);
      setDraft(undefined);
    },
    forgetDraft: () => {
      if (draftId) clearDraft(draftId);
    },
  };
}

export interface RecordFormModalProps<TRecord extends { _id: string }, TCreate, TUpdate> {
  resource: FormResource<TCreate, TUpdate>;
  /** The record being edited; `null` adds a new one. */
  record: TRecord | null;
  fields: readonly FieldSpec[];
  /** The contract's field schemas, read for required and maxLength. */
  shape: Record<string, z.ZodType>;
  onClose: () => void;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Shown between the draft/failure notices and the fields. */
  children?: ReactNode;
}

/**
 * The create/edit dialog of every area: fields from their definitions, create or update on
 * submit, close on success (or once an offline write is queued), a server's field errors on
 * their inputs, and nothing typed ever lost: closing a changed form asks first, a failed save
 * keeps the form open, and a new record's input is kept as a draft until it is saved.
 */
export function RecordFormModal<TRecord extends { _id: string }, TCreate, TUpdate>({
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

  const onSubmit = form.submit((body) => {
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
        form.applyServerErrors(error);
        setFailure(
          errorText(
            error,
            t,
            isEdit ? resource.messages.updateFailed : resource.messages.createFailed,
          ),
        );
      },
    };
    if (record) update.mutate({ id: record._id, body: body as TUpdate }, callbacks);
    else create.mutate(body as TCreate, callbacks);
  });

  const notice = (
    <>
      {safety.draft ? (
        <Alert color="blue" variant="light" icon={<IconHistory size={18} aria-hidden />}>
          <Text size="sm">
            {t('ui:draft.found', {
              time: dayjs(safety.draft.savedAt).format('DD MMM YYYY, HH:mm'),
            })}
          </Text>
          <Group gap="xs" mt="xs">
            <Button size="compact-sm" onClick={safety.restoreDraft}>
              {t('ui:draft.restore')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={safety.discardDraft}>
              {t('ui:draft.discard')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {failure ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('ui:saveFailed.title')}
          icon={<IconAlertCircle size={18} aria-hidden />}
        >
          {t('ui:saveFailed.body', { reason: failure })}
        </Alert>
      ) : null}
    </>
  );

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
    </FormModal>
  );
}
