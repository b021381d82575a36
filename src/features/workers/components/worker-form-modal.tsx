import { NumberInput, Select, SimpleGrid, Switch, TextInput, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  SALARY_TYPES,
  workerCreate,
  workerUpdate,
  type Worker,
} from '../../../../contract/workers.ts';
import { FormModal } from '@/components/form-modal';
import { useRecordFormModal } from '@/components/record-form-modal';
import { DISPLAY_DATE_FORMAT } from '@/lib/format';
import * as resources from '@/lib/resources';

export interface WorkerFormValues extends Record<string, unknown> {
  name: string;
  phone: string;
  designation: string;
  address: string;
  joiningDate: string | null;
  salaryType: string | null;
  baseSalary: number | string;
  isActive: boolean;
}

export function workerFormValues(worker?: Worker | null, today = dayjs()): WorkerFormValues {
  return {
    name: worker?.name ?? '',
    phone: worker?.phone ?? '',
    designation: worker?.designation ?? '',
    address: worker?.address ?? '',
    joiningDate: worker?.joiningDate ?? today.format('YYYY-MM-DD'),
    salaryType: worker?.salaryType ?? null,
    baseSalary: worker?.baseSalary ?? '',
    isActive: worker?.isActive ?? true,
  };
}

/**
 * Empty inputs read as "missing": a blank salary is cleared (null), a blank joining date is
 * required on create and simply not sent on update. The picker already yields `yyyy-MM-dd`.
 */
const normalize = (raw: unknown) => {
  const values = { ...(raw as Record<string, unknown>) };
  if (values.baseSalary === '') values.baseSalary = null;
  if (values.joiningDate === null || values.joiningDate === '') delete values.joiningDate;
  else if (typeof values.joiningDate === 'string')
    values.joiningDate = dayjs(values.joiningDate).format('YYYY-MM-DD');
  return values;
};
const createSchema = z.preprocess(normalize, workerCreate);
const updateSchema = z.preprocess(normalize, workerUpdate);

export interface WorkerFormModalProps {
  /** The worker being edited; `null` adds a new one. */
  worker: Worker | null;
  onClose: () => void;
}

export function WorkerFormModal({ worker, onClose }: WorkerFormModalProps) {
  const { t } = useTranslation('workers');
  const create = resources.workers.useCreate();
  const update = resources.workers.useUpdate();
  const { form, isEdit, modalProps } = useRecordFormModal({
    record: worker,
    initialValues: workerFormValues(worker),
    schemas: { create: createSchema, update: updateSchema },
    namespace: 'workers',
    create,
    update,
    onClose,
  });

  const salaryTypeOptions = useMemo(
    () => SALARY_TYPES.map((type) => ({ value: type, label: t(`salaryTypes.${type}`) })),
    [t],
  );

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
          label={t('fields.phone')}
          placeholder={t('placeholders.phone')}
          type="tel"
          inputMode="tel"
          maxLength={20}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t('fields.designation')}
          placeholder={t('placeholders.designation')}
          maxLength={120}
          {...form.getInputProps('designation')}
        />
        <DatePickerInput
          label={t('fields.joiningDate')}
          placeholder={t('placeholders.joiningDate')}
          withAsterisk
          valueFormat={DISPLAY_DATE_FORMAT}
          leftSection={<IconCalendar size={16} aria-hidden />}
          maxDate={dayjs().add(1, 'year').format('YYYY-MM-DD')}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('joiningDate')}
        />
        <Select
          label={t('fields.salaryType')}
          placeholder={t('placeholders.salaryType')}
          data={salaryTypeOptions}
          clearable
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('salaryType')}
        />
        <NumberInput
          label={t('fields.baseSalary')}
          placeholder="0.00"
          min={0}
          decimalScale={2}
          allowNegative={false}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          hideControls
          leftSection="₹"
          inputMode="decimal"
          {...form.getInputProps('baseSalary')}
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
      <Switch
        label={t('fields.isActive')}
        description={t('hints.isActive')}
        {...form.getInputProps('isActive', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
