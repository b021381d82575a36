import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFailureText } from '@/components/form-safety';
import { useStaleVersion, type StaleVersionDialogProps } from '@/components/stale-version-dialog';
import type { TranslationKey } from '@/lib/translation-keys';
import type { ZodForm } from '@/lib/use-zod-form';

type AnyRecord = Record<string, unknown>;

/** What one write reports back; the shape a resource's `mutate` options take. */
interface SaveCallbacks<TRecord> {
  onSuccess: (saved?: TRecord) => void;
  /** Saved on this device while offline, to be sent later. */
  onQueued: () => void;
  onError: (error: unknown) => void;
}

interface VersionedSaveOptions<TRecord extends { version: number }, TValues, TBody> {
  form: ZodForm<TValues, TBody>;
  /** The record being edited; `null` adds a new one (no version is sent, no conflict can come). */
  record: TRecord | null;
  /** Sends the form's parsed body; an edit sends `version` with it. */
  write: (body: TBody, version: number | undefined, callbacks: SaveCallbacks<TRecord>) => void;
  /** The form's values for a record: what "use theirs" loads and what the dialog compares. */
  toValues: (record: TRecord) => TValues;
  /** Shown when the failure says nothing more telling and not all of it sits on a field. */
  failureKey: TranslationKey;
  /** After a save (with the record as saved), and after an offline save unless `onQueued` is given. */
  onSaved: (saved?: TRecord) => void;
  onQueued?: () => void;
}

/** The dialog's props but for the form's own namespace and fields. */
type ConflictProps = Omit<StaleVersionDialogProps, 'namespace' | 'fields'>;

/**
 * The save of an edit form that sends the version it read: a failure keeps the form's input,
 * with field errors on their fields and the rest as `failure`; a save someone else got in before
 * opens the "someone else saved" dialog (`conflict`), where "use theirs" loads their record into
 * the form and "keep mine" saves the form again over the version stored now.
 */
export function useVersionedSave<
  TRecord extends { version: number },
  TValues extends AnyRecord,
  TBody,
>({
  form,
  record,
  write,
  toValues,
  failureKey,
  onSaved,
  onQueued,
}: VersionedSaveOptions<TRecord, TValues, TBody>) {
  const { t } = useTranslation('ui');
  const stale = useStaleVersion<TRecord>(record);
  const [failure, setFailure] = useState<string | null>(null);

  const save = (body: TBody, version = stale.version) => {
    setFailure(null);
    write(body, version, {
      // What was saved is what this form has read now, should it stay open.
      onSuccess: (saved) => {
        if (saved) stale.adopt(saved);
        onSaved(saved);
      },
      onQueued: onQueued ?? (() => onSaved()),
      onError: (error) => {
        if (stale.catchStale(error, form.getValues())) return;
        const unplaced = form.applyServerErrors(error);
        setFailure(saveFailureText(error, unplaced, t, failureKey));
      },
    });
  };
  const onSubmit = form.submit((body) => save(body));

  // Their record becomes the form's, as if it had just been opened.
  const useTheirs = () => {
    const resolved = stale.resolve();
    if (!resolved) return;
    const values = toValues(resolved.current);
    form.setValues(values);
    form.resetDirty(values);
  };
  // The user's values again, over the version that is stored now.
  const keepMine = () => {
    const resolved = stale.resolve();
    if (!resolved) return;
    form.submit((body) => save(body, resolved.current.version))();
  };

  const conflict: ConflictProps | null =
    stale.conflict && stale.read
      ? {
          read: toValues(stale.read),
          current: toValues(stale.conflict.current),
          mine: stale.conflict.mine,
          onUseTheirs: useTheirs,
          onKeepMine: keepMine,
          onClose: stale.dismiss,
        }
      : null;

  return {
    onSubmit,
    failure,
    /** For the dialog, with the form's namespace and fields; `null` while there is no conflict. */
    conflict,
    /** The record as last read (e.g. to move its version on after the user's own status move). */
    read: stale.read,
    adopt: stale.adopt,
  };
}
