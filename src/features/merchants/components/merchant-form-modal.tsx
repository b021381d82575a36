import { SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { merchantCreate, merchantUpdate, type Merchant } from '../../../../contract/merchants.ts';
import { FormModal } from '@/components/form-modal';
import { useRecordFormModal } from '@/components/record-form-modal';
import * as resources from '@/lib/resources';

export interface MerchantFormValues extends Record<string, unknown> {
  name: string;
  contactPerson: string;
  phone: string;
  email: string;
  city: string;
  address: string;
  gstin: string;
  notes: string;
}

export function merchantFormValues(merchant?: Merchant | null): MerchantFormValues {
  return {
    name: merchant?.name ?? '',
    contactPerson: merchant?.contactPerson ?? '',
    phone: merchant?.phone ?? '',
    email: merchant?.email ?? '',
    city: merchant?.city ?? '',
    address: merchant?.address ?? '',
    gstin: merchant?.gstin ?? '',
    notes: merchant?.notes ?? '',
  };
}

export interface MerchantFormModalProps {
  /** The merchant being edited; `null` adds a new one. */
  merchant: Merchant | null;
  onClose: () => void;
}

export function MerchantFormModal({ merchant, onClose }: MerchantFormModalProps) {
  const { t } = useTranslation('merchants');
  const create = resources.merchants.useCreate();
  const update = resources.merchants.useUpdate();
  const { form, isEdit, modalProps } = useRecordFormModal({
    record: merchant,
    initialValues: merchantFormValues(merchant),
    schemas: { create: merchantCreate, update: merchantUpdate },
    namespace: 'merchants',
    create,
    update,
    onClose,
  });

  return (
    <FormModal {...modalProps} title={isEdit ? t('edit') : t('add')}>
      <TextInput
        label={t('fields.name')}
        placeholder={t('placeholders.name')}
        withAsterisk
        data-autofocus
        maxLength={120}
        {...form.getInputProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label={t('fields.contactPerson')}
          placeholder={t('placeholders.contactPerson')}
          maxLength={120}
          autoComplete="name"
          {...form.getInputProps('contactPerson')}
        />
        <TextInput
          label={t('fields.phone')}
          placeholder={t('placeholders.phone')}
          type="tel"
          inputMode="tel"
          maxLength={20}
          autoComplete="tel"
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('fields.email')}
          placeholder={t('placeholders.email')}
          type="email"
          inputMode="email"
          maxLength={254}
          autoComplete="email"
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('fields.city')}
          placeholder={t('placeholders.city')}
          maxLength={120}
          autoComplete="address-level2"
          {...form.getInputProps('city')}
        />
      </SimpleGrid>
      <Textarea
        label={t('fields.address')}
        placeholder={t('placeholders.address')}
        rows={2}
        resize="vertical"
        maxLength={1000}
        {...form.getInputProps('address')}
      />
      <TextInput
        label={t('fields.gstin')}
        placeholder={t('placeholders.gstin')}
        description={t('hints.gstin')}
        maxLength={15}
        styles={{
          input: { textTransform: 'uppercase', fontFamily: 'var(--mantine-font-family-monospace)' },
        }}
        {...form.getInputProps('gstin')}
      />
      <Textarea
        label={t('fields.notes')}
        placeholder={t('placeholders.notes')}
        rows={3}
        resize="vertical"
        maxLength={1000}
        {...form.getInputProps('notes')}
      />
    </FormModal>
  );
}
