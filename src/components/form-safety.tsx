import { Alert, Button, Group, Text } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconAlertCircle, IconHistory } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBeforeUnload, useBlocker } from 'react-router';
import type { AnyT, TranslationKey } from '@/lib/translation-keys';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import { clearDraft, loadDraft, saveDraft, type FormDraft } from '@/lib/form-drafts';

const DRAFT_SAVE_DELAY_MS = 400;

/**
 * What a typed form keeps safe: a create form's draft survives a reload and is offered back; a
 * save that fails keeps every input and says why; the first field in error takes the focus.
 */
export function useFormSafety<Values extends Record<string, unknown>>(
  form: UseFormReturnType<Values>,
  draftId: string | null,
) {
  const [draft, setDraft] = useState<FormDraft<Values> | undefined>(() =>
    draftId ? loadDraft<Values>(draftId) : undefined,
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

export type FormSafety = ReturnType<typeof useFormSafety>;

/** A draft to restore and why the last save failed, above a form's fields. */
export function FormNotices({ safety, failure }: { safety: FormSafety; failure: string | null }) {
  const { t } = useTranslation('ui');
  return (
    <>
      {safety.draft ? (
        <Alert color="blue" variant="light" icon={<IconHistory size={18} aria-hidden />}>
          <Text size="sm">
            {t('draft.found', { time: dayjs(safety.draft.savedAt).format('DD MMM YYYY, HH:mm') })}
          </Text>
          <Group gap="xs" mt="xs">
            <Button size="compact-sm" onClick={safety.restoreDraft}>
              {t('draft.restore')}
            </Button>
            <Button size="compact-sm" variant="default" onClick={safety.discardDraft}>
              {t('draft.discard')}
            </Button>
          </Group>
        </Alert>
      ) : null}
      {failure ? <SaveFailedAlert reason={failure} /> : null}
    </>
  );
}

/** Why the last save failed; the form above keeps every input for another try. */
export function SaveFailedAlert({ reason }: { reason: string }) {
  const { t } = useTranslation('ui');
  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title={t('saveFailed.title')}
      icon={<IconAlertCircle size={18} aria-hidden />}
    >
      {t('saveFailed.body', { reason })}
    </Alert>
  );
}

/**
 * While `when()` holds (a form page with unsaved input), leaving it asks first: a link or the back
 * button inside the app, and the browser's own prompt for closing or reloading the tab. It is
 * asked at the moment of leaving, so a save that navigates right after succeeding is let through.
 */
export function LeaveGuard({ when }: { when: () => boolean }) {
  const { t } = useTranslation('ui');
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && when(),
  );
  useBeforeUnload((event) => {
    if (when()) event.preventDefault();
  });
  return (
    <ConfirmDialog
      opened={blocker.state === 'blocked'}
      title={t('unsaved.title')}
      message={t('unsaved.message')}
      confirmLabel={t('unsaved.discard')}
      cancelLabel={t('unsaved.keepEditing')}
      onConfirm={() => blocker.proceed?.()}
      onClose={() => blocker.reset?.()}
    />
  );
}

/**
 * What the "not saved" notice should say after a failed save, or null when the server's field
 * errors, already shown on their inputs, say it all.
 */
export function saveFailureText(
  error: unknown,
  unplacedFieldErrors: readonly string[],
  t: AnyT,
  fallbackKey: TranslationKey,
): string | null {
  const shownOnFields =
    error instanceof ApiError && error.errors.length > 0 && unplacedFieldErrors.length === 0;
  return shownOnFields ? null : errorText(error, t, fallbackKey);
}
