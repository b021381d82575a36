import { Badge, Group, NativeSelect, Text, TextInput } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, updateMeBody, type Language } from '../../../../../contract/auth.ts';
import { FormNotices, saveFailureText, useFormSafety } from '@/components/form-safety';
import { LANGUAGE_NAMES, toLanguage } from '@/lib/i18n';
import { notifySuccess } from '@/lib/notify';
import { useZodForm } from '@/lib/use-zod-form';
import { useAuthStore } from '@/stores/auth';
import { updateMe } from '../api';
import { SettingsForm } from '../components/settings-form';

// The profile form always sends all three; the API leaves out nothing it is given.
const profileForm = updateMeBody
  .pick({ name: true, phone: true, language: true })
  .required({ name: true, language: true });

interface ProfileValues extends Record<string, unknown> {
  name: string;
  phone: string;
  language: Language;
}

export default function ProfilePage() {
  const { t, i18n } = useTranslation('account');
  const { t: common } = useTranslation();
  const user = useAuthStore((state) => state.user);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useZodForm<ProfileValues>({
    schema: profileForm,
    namespace: 'account',
    initialValues: {
      name: user?.name ?? '',
      phone: user?.phone ?? '',
      // The language on screen is the one in use, whatever the server last heard.
      language: toLanguage(i18n.resolvedLanguage ?? i18n.language),
    },
  });
  const safety = useFormSafety(form, 'account:profile');

  const onSubmit = form.submit((body) => {
    setFailure(null);
    setSaving(true);
    updateMe(body)
      .then(async (data) => {
        safety.forgetDraft();
        const saved = {
          name: data.user.name,
          phone: data.user.phone ?? '',
          language: data.user.language,
        };
        form.setValues(saved);
        form.resetDirty(saved);
        notifySuccess(t('profile.saved'));
        // After the store holds the new language, so switching sends nothing more.
        if (toLanguage(i18n.resolvedLanguage ?? i18n.language) !== data.user.language) {
          await i18n.changeLanguage(data.user.language);
        }
      })
      .catch((error: unknown) => {
        const unplaced = form.applyServerErrors(error);
        setFailure(saveFailureText(error, unplaced, t, 'account:profile.failed'));
      })
      .finally(() => setSaving(false));
  });

  return (
    <SettingsForm
      title={common('settings.profile')}
      description={t('profile.description')}
      onSubmit={onSubmit}
      saving={saving}
      dirty={() => form.isDirty()}
      failure={failure}
      submitLabel={t('profile.save')}
    >
      <FormNotices safety={safety} failure={null} />
      <TextInput
        label={t('fields.name')}
        required
        autoComplete="name"
        {...form.getInputProps('name')}
      />
      <TextInput
        label={t('fields.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder={t('profile.phonePlaceholder')}
        {...form.getInputProps('phone')}
      />
      <TextInput
        label={t('fields.email')}
        value={user?.email ?? ''}
        readOnly
        description={t('profile.emailHint')}
      />
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {t('fields.role')}
        </Text>
        {user ? <Badge variant="light">{t(`roles.${user.role}`)}</Badge> : null}
      </Group>
      <NativeSelect
        label={t('fields.language')}
        description={t('profile.languageHint')}
        leftSection={<IconLanguage size={16} aria-hidden />}
        data={LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] }))}
        {...form.getInputProps('language')}
      />
    </SettingsForm>
  );
}
