import { SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  bankDetailCreate,
  bankDetailUpdate,
  type BankDetail,
} from '../../../../contract/bank-details.ts';
import { FormModal } from '@/components/form-modal';
import { useRecordFormModal } from '@/components/record-form-modal';
import * as resources from '@/lib/resources';

export interface BankDetailFormValues extends Record<string, unknown> {
  bankName: string;
  accountHolderName: string;
  accountNumber: string;
  ifscCode: string;
  branch: string;
  isActive: boolean;
}

export function bankDetailFormValues(bankDetail?: BankDetail | null): BankDetailFormValues {
  return {
    bankName: bankDetail?.bankName ?? '',
    accountHolderName: bankDetail?.accountHolderName ?? '',
    accountNumber: bankDetail?.accountNumber ?? '',
    ifscCode: bankDetail?.ifscCode ?? '',
    branch: bankDetail?.branch ?? '',
    isActive: bankDetail?.isActive ?? false,
  };
}

export interface BankDetailFormModalProps {
  /** The account being edited; `null` adds a new one. */
  bankDetail: BankDetail | null;
  onClose: () => void;
}

export function BankDetailFormModal({ bankDetail, onClose }: BankDetailFormModalProps) {
  const { t } = useTranslation('bank-details');
  const create = resources.bankDetails.useCreate();
  const update = resources.bankDetails.useUpdate();
  const { form, isEdit, modalProps } = useRecordFormModal({
    record: bankDetail,
    initialValues: bankDetailFormValues(bankDetail),
    schemas: { create: bankDetailCreate, update: bankDetailUpdate },
    namespace: 'bank-details',
    create,
    update,
    onClose,
  });

  const monospace = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };
  return (
    <FormModal {...modalProps} title={isEdit ? t('edit') : t('add')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label={t('fields.bankName')}
          placeholder={t('placeholders.bankName')}
          withAsterisk
          data-autofocus
          maxLength={120}
          {...form.getInputProps('bankName')}
        />
        <TextInput
          label={t('fields.branch')}
          placeholder={t('placeholders.branch')}
          maxLength={120}
          {...form.getInputProps('branch')}
        />
      </SimpleGrid>
      <TextInput
        label={t('fields.accountHolderName')}
        placeholder={t('placeholders.accountHolderName')}
        maxLength={120}
        {...form.getInputProps('accountHolderName')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label={t('fields.accountNumber')}
          placeholder={t('placeholders.accountNumber')}
          description={t('hints.accountNumber')}
          withAsterisk
          inputMode="numeric"
          autoComplete="off"
          maxLength={20}
          styles={monospace}
          {...form.getInputProps('accountNumber')}
        />
        <TextInput
          label={t('fields.ifscCode')}
          placeholder={t('placeholders.ifscCode')}
          description={t('hints.ifscCode')}
          withAsterisk
          autoComplete="off"
          maxLength={11}
          styles={{ input: { ...monospace.input, textTransform: 'uppercase' } }}
          {...form.getInputProps('ifscCode')}
        />
      </SimpleGrid>
      <Switch
        label={t('fields.isActive')}
        description={t('hints.isActive')}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
