import {
  Alert,
  Button,
  Fieldset,
  Group,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  GST_RATES,
  GST_STATE_CODES,
  hasValidGstinCheckDigit,
  stateOfGstin,
} from '../../../../contract/gst.ts';
import {
  organizationShape,
  organizationUpdate,
  type OrganizationProfile,
  type OrganizationUpdate,
} from '../../../../contract/organization.ts';
import { FormFields, formSchema, type FieldSpec } from '@/components/form-fields';
import { FormNotices, LeaveGuard, useFormSafety } from '@/components/form-safety';
import { useQueryFallback } from '@/components/query-state';
import { SampleWorkshopSection } from '@/components/sample-workshop-panel';
import { changedFields, StaleVersionDialog } from '@/components/stale-version-dialog';
import { useVersionedSave } from '@/components/use-versioned-save';
import { organization } from '@/features/organization/resource';
import { useCan } from '@/lib/permissions';
import { isSampleTab } from '@/lib/sample-tab';
import { useZodForm } from '@/lib/use-zod-form';
import { useAuthStore } from '@/stores/auth';

/** The form's values: text inputs hold '' for "none", selects null, the rate as its label's key. */
type ProfileValues = Record<string, unknown> & { version: number };

const BUSINESS: FieldSpec[] = [
  { name: 'name', kind: 'text', props: { autoComplete: 'organization' } },
  { name: 'legalName', kind: 'text' },
  { name: 'phone', kind: 'text', props: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } },
  {
    name: 'email',
    kind: 'text',
    props: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  },
];
const ADDRESS: FieldSpec[] = [
  { name: 'address', kind: 'textarea', props: { autoComplete: 'street-address', rows: 2 } },
  { name: 'city', kind: 'text', props: { autoComplete: 'address-level2' } },
  {
    name: 'state',
    kind: 'select',
    options: GST_STATE_CODES,
    optionLabels: 'states',
    props: { searchable: true },
  },
  {
    name: 'pincode',
    kind: 'text',
    props: { inputMode: 'numeric', autoComplete: 'postal-code', maxLength: 6 },
  },
];
const TAX: FieldSpec[] = [
  { name: 'gstin', kind: 'custom', code: 'upper' },
  { name: 'pan', kind: 'text', code: 'upper', props: { maxLength: 10 } },
  { name: 'udyamNumber', kind: 'text', code: 'upper' },
  { name: 'defaultSac', kind: 'text', code: true, props: { inputMode: 'numeric', maxLength: 8 } },
  {
    name: 'defaultGstRate',
    kind: 'select',
    options: GST_RATES.map(String),
    optionLabels: 'gstRates',
    props: { clearable: false, allowDeselect: false },
  },
];
const PAYMENTS: FieldSpec[] = [
  { name: 'upiId', kind: 'text', code: true, props: { autoCapitalize: 'none' } },
  { name: 'billPrefix', kind: 'text', code: 'upper', props: { maxLength: 6 } },
  { name: 'creditNotePrefix', kind: 'text', code: 'upper', props: { maxLength: 6 } },
  { name: 'debitNotePrefix', kind: 'text', code: 'upper', props: { maxLength: 6 } },
  { name: 'paymentTermsDays', kind: 'number', props: { min: 0, max: 365 } },
  { name: 'billTerms', kind: 'textarea', props: { rows: 3 } },
];
const ALL_FIELDS = [...BUSINESS, ...ADDRESS, ...TAX, ...PAYMENTS];

function profileValues(profile: OrganizationProfile): ProfileValues {
  const values: ProfileValues = { version: profile.version };
  for (const field of ALL_FIELDS) {
    const stored = profile[field.name as keyof OrganizationProfile];
    if (field.name === 'defaultGstRate') values[field.name] = String(stored);
    else if (field.kind === 'select') values[field.name] = stored ?? null;
    else values[field.name] = stored ?? '';
  }
  return values;
}

// The rate is chosen from labelled options (strings) but travels as a number; the GSTIN is a
// custom input (a text the shared preprocessing leaves alone).
const profileSchema = z.preprocess(
  (raw) => {
    const values = { ...(raw as Record<string, unknown>) };
    const rate = values.defaultGstRate;
    values.defaultGstRate = rate === null || rate === '' ? undefined : Number(rate);
    return values;
  },
  formSchema(ALL_FIELDS, organizationShape, organizationUpdate),
);

/** `/settings/account`: the organization profile; read-only for roles that cannot change it. */
export default function OrganizationPage() {
  const { t } = useTranslation(['organization', 'ui']);
  const profile = useQuery(organization.queries.profile());
  const canEdit = useCan('organization.write');
  useEffect(() => {
    if (profile.data) syncSessionName(profile.data.name);
  }, [profile.data]);

  const fallback = useQueryFallback(profile, {
    failureKey: 'organization:errors.fetch',
    subject: 'page',
    loadingLabel: t('loading'),
  });

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2} fz={20}>
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('description')}
        </Text>
      </Stack>
      {fallback ??
        (profile.data ? (
          <ProfileForm key={profile.data._id} profile={profile.data} readOnly={!canEdit} />
        ) : null)}
      {isSampleTab() ? null : <SampleWorkshopSection />}
    </Stack>
  );
}

/** The header shows the organization's name from the session; a rename must reach it too. */
function syncSessionName(name: string) {
  const { user, organization: current, updateProfile } = useAuthStore.getState();
  if (user && current && current.name !== name) {
    updateProfile({ user, organization: { ...current, name } });
  }
}

function GstinInput({
  form,
  readOnly,
}: {
  form: ReturnType<typeof useZodForm<ProfileValues, OrganizationUpdate>>;
  readOnly: boolean;
}) {
  const { t } = useTranslation('organization');
  const typed = form.getValues().gstin;
  const value = typeof typed === 'string' ? typed.toUpperCase() : '';
  const error = form.errors.gstin;
  const registeredIn = !error && hasValidGstinCheckDigit(value) ? stateOfGstin(value) : null;
  const input = form.getInputProps('gstin');
  return (
    <TextInput
      {...input}
      label={t('fields.gstin')}
      placeholder={t('placeholders.gstin')}
      description={
        registeredIn ? t('gstinValid', { state: t(`states.${registeredIn}`) }) : t('hints.gstin')
      }
      maxLength={15}
      readOnly={readOnly}
      autoCapitalize="characters"
      styles={{
        input: { fontFamily: 'var(--mantine-font-family-monospace)', textTransform: 'uppercase' },
      }}
      onChange={(event) => {
        const typed = event.currentTarget.value.toUpperCase();
        form.setFieldValue('gstin', typed);
        // A complete GSTIN is checked at once; a shorter one only when the field is left.
        if (typed.length >= 15 || error) {
          const state = form.getValues().state;
          const derived = stateOfGstin(typed);
          if (!state && derived && hasValidGstinCheckDigit(typed)) {
            form.setFieldValue('state', derived);
          }
          form.validateField('gstin');
        }
      }}
    />
  );
}

function ProfileForm({ profile, readOnly }: { profile: OrganizationProfile; readOnly: boolean }) {
  const { t } = useTranslation(['organization', 'ui']);
  const update = organization.useUpdate();
  const form = useZodForm<ProfileValues, OrganizationUpdate>({
    namespace: 'organization',
    schema: profileSchema,
    initialValues: profileValues(profile),
    validateInputOnBlur: true,
  });
  const safety = useFormSafety(form, null);
  const saving = useVersionedSave({
    form,
    record: profile,
    write: (body, version, callbacks) =>
      update.mutate({ ...body, version: version ?? profile.version }, callbacks),
    toValues: profileValues,
    failureKey: 'organization:errors.update',
    // The form stays open on what was saved.
    onSaved: (saved) => {
      if (!saved) return;
      const values = profileValues(saved);
      form.setValues(values);
      form.resetDirty(values);
      syncSessionName(saved.name);
    },
    onQueued: () => form.resetDirty(),
  });

  // A newer read (the cached profile revalidated, someone else's save) replaces an untouched
  // form; under the user's edits it only moves the version on when it changed none of the fields,
  // and otherwise waits for the save to report the conflict.
  const { read, adopt } = saving;
  const { isDirty, setValues, resetDirty } = form;
  useEffect(() => {
    if (!read || profile.version === read.version) return;
    if (!isDirty()) {
      const values = profileValues(profile);
      setValues(values);
      resetDirty(values);
      adopt(profile);
      return;
    }
    const changed = changedFields(ALL_FIELDS, profileValues(read), profileValues(profile));
    if (changed.length === 0) adopt(profile);
  }, [profile, read, adopt, isDirty, setValues, resetDirty]);

  const withAccess = (fields: FieldSpec[]): FieldSpec[] =>
    fields.map((field) => {
      if (field.name === 'gstin') {
        return { ...field, render: () => <GstinInput form={form} readOnly={readOnly} /> };
      }
      if (!readOnly) return field;
      // Only a select has a clear button; on a text input the prop would reach the DOM.
      const locked =
        field.kind === 'select' ? { readOnly: true, clearable: false } : { readOnly: true };
      return { ...field, props: { ...field.props, ...locked } };
    });

  // Changing the state re-checks a GSTIN already typed against it.
  const stateValue = form.getValues().state;
  const { validateField, getValues } = form;
  useEffect(() => {
    if (getValues().gstin) validateField('gstin');
  }, [stateValue, validateField, getValues]);

  const sections = [
    { key: 'business', fields: BUSINESS },
    { key: 'address', fields: ADDRESS },
    { key: 'tax', fields: TAX },
    { key: 'payments', fields: PAYMENTS },
  ] as const;

  return (
    <form onSubmit={saving.onSubmit} noValidate>
      <LeaveGuard when={() => !readOnly && form.isDirty()} />
      <Stack gap="lg">
        {readOnly ? (
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('readOnly')}
          </Alert>
        ) : null}
        <FormNotices safety={safety} failure={saving.failure} />
        {sections.map(({ key, fields }) => (
          <Fieldset key={key} legend={t(`sections.${key}`)} variant="filled" radius="md">
            <FormFields
              fields={withAccess(fields)}
              form={form}
              shape={organizationShape}
              namespace="organization"
            />
          </Fieldset>
        ))}
        {saving.conflict ? (
          <StaleVersionDialog namespace="organization" fields={ALL_FIELDS} {...saving.conflict} />
        ) : null}
        {readOnly ? null : (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={!form.isDirty()}
              onClick={() => {
                const base = profileValues(saving.read ?? profile);
                form.setValues(base);
                form.resetDirty(base);
              }}
            >
              {t('actions.discard')}
            </Button>
            <Button type="submit" loading={update.isPending}>
              {t('actions.save')}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
