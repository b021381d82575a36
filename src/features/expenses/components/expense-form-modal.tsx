import { Autocomplete, NumberInput, Select, SimpleGrid, Textarea } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  CATEGORY_MAX_LENGTH,
  EXPENSE_PAYMENT_METHODS,
  expenseCreate,
  type Expense,
} from '../../../../contract/expenses.ts';
import { FormModal } from '@/components/form-modal';
import { useRecordFormModal } from '@/components/record-form-modal';
import { DISPLAY_DATE_FORMAT } from '@/lib/format';
import { parseTypedDate } from '../parse-typed-date';
import * as resources from '@/lib/resources';

export interface ExpenseFormValues extends Record<string, unknown> {
  category: string;
  amount: number | string;
  expenseDate: string | null;
  paymentMethod: string | null;
  description: string;
}

export function expenseFormValues(expense?: Expense | null, today = dayjs()): ExpenseFormValues {
  return {
    category: expense?.category ?? '',
    amount: expense?.amount ?? '',
    expenseDate: expense?.expenseDate ?? today.format('YYYY-MM-DD'),
    paymentMethod: expense?.paymentMethod ?? null,
    description: expense?.description ?? '',
  };
}

// Empty inputs hold '' or null; they must read as "missing" (required), not as a wrong type.
const expenseFormSchema = z.preprocess((raw) => {
  const values = { ...(raw as Record<string, unknown>) };
  if (values.amount === '') values.amount = undefined;
  if (values.expenseDate === null || values.expenseDate === '') values.expenseDate = undefined;
  return values;
}, expenseCreate);

export interface ExpenseFormModalProps {
  /** The expense being edited; `null` records a new one. */
  expense: Expense | null;
  onClose: () => void;
}

export function ExpenseFormModal({ expense, onClose }: ExpenseFormModalProps) {
  const { t } = useTranslation('expenses');
  const categories = useQuery(resources.expenseCategories());
  const create = resources.expenses.useCreate();
  const update = resources.expenses.useUpdate();
  // Every field is sent on edit too, so one schema serves both.
  const { form, isEdit, modalProps } = useRecordFormModal({
    record: expense,
    initialValues: expenseFormValues(expense),
    schemas: { create: expenseFormSchema, update: expenseFormSchema },
    namespace: 'expenses',
    create,
    update,
    onClose,
  });

  const paymentMethodOptions = useMemo(
    () =>
      EXPENSE_PAYMENT_METHODS.map((method) => ({
        value: method,
        label: t(`paymentMethods.${method}`),
      })),
    [t],
  );

  return (
    <FormModal {...modalProps} title={isEdit ? t('edit') : t('add')} size="md">
      <Autocomplete
        label={t('fields.category')}
        placeholder={t('placeholders.category')}
        description={t('hints.category')}
        withAsterisk
        data-autofocus
        maxLength={CATEGORY_MAX_LENGTH}
        data={categories.data ?? []}
        limit={20}
        {...form.getInputProps('category')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <NumberInput
          label={t('fields.amount')}
          placeholder="0.00"
          withAsterisk
          min={0}
          decimalScale={2}
          allowNegative={false}
          hideControls
          leftSection="₹"
          inputMode="decimal"
          {...form.getInputProps('amount')}
        />
        <DateInput
          label={t('fields.expenseDate')}
          withAsterisk
          valueFormat={DISPLAY_DATE_FORMAT}
          dateParser={parseTypedDate}
          leftSection={<IconCalendar size={16} aria-hidden />}
          placeholder={t('placeholders.expenseDate')}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('expenseDate')}
        />
      </SimpleGrid>
      <Select
        label={t('fields.paymentMethod')}
        placeholder={t('placeholders.paymentMethod')}
        data={paymentMethodOptions}
        clearable
        {...form.getInputProps('paymentMethod')}
      />
      <Textarea
        label={t('fields.description')}
        placeholder={t('placeholders.description')}
        rows={3}
        resize="vertical"
        maxLength={1000}
        {...form.getInputProps('description')}
      />
    </FormModal>
  );
}
