import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '@/components/form-fields';
import { FormModal, type FormModalProps } from '@/components/form-modal';
import { FormNotices, type FormSafety } from '@/components/form-safety';
import {
  StaleVersionDialog,
  type StaleVersionDialogProps,
} from '@/components/stale-version-dialog';
import type { ResourceNamespace } from '@/lib/resource-factory';

/** A form's state as its hooks give it: the form, its draft safety net and its versioned save. */
interface VersionedFormState {
  form: { isDirty: () => boolean };
  safety: FormSafety;
  saving: {
    onSubmit: () => void;
    failure: string | null;
    conflict: Omit<StaleVersionDialogProps, 'namespace' | 'fields'> | null;
  };
  /** A write is under way. */
  submitting: boolean;
}

/**
 * The dialog of a record's form saved with `useVersionedSave`: titled for adding or editing, its
 * draft and failure notices above the fields, and the "someone else saved" choice when a save
 * meets a newer version.
 */
export function VersionedFormModal(props: {
  /** The area's texts: its `add` and `edit` titles and its field labels. */
  namespace: ResourceNamespace;
  isEdit: boolean;
  fields: readonly FieldSpec[];
  state: VersionedFormState;
  onClose: () => void;
  size?: FormModalProps['size'];
  children: ReactNode;
}) {
  const { namespace, isEdit, fields, onClose, size, children } = props;
  const { form, safety, saving, submitting } = props.state;
  const { t } = useTranslation([namespace, 'ui']);
  return (
    <FormModal
      opened
      title={isEdit ? t('edit') : t('add')}
      onClose={onClose}
      onSubmit={saving.onSubmit}
      submitting={submitting}
      dirty={form.isDirty()}
      notice={<FormNotices safety={safety} failure={saving.failure} />}
      size={size}
    >
      {children}
      {saving.conflict ? (
        <StaleVersionDialog
          namespace={namespace}
          fields={fields.filter((field) => field.kind !== 'custom')}
          {...saving.conflict}
        />
      ) : null}
    </FormModal>
  );
}
