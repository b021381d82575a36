import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  PAYMENT_METHODS,
  PAYMENT_TYPES,
  workerSalaryCreate,
  workerSalaryUpdate,
  type WorkerSalary,
  type WorkerSalaryCreate,
  type WorkerSalaryUpdate,
} from '../../../../contract/worker-salaries.ts';
import { FormNotices, LeaveGuard, useFormSafety } from '@/components/form-safety';
import { StaleVersionDialog, type StaleField } from '@/components/stale-version-dialog';
import { useVersionedSave } from '@/components/use-versioned-save';
import { DISPLAY_DATE_FORMAT, useFormatters } from '@/lib/format';
import { useZodForm } from '@/lib/use-zod-form';
import { MONTHS, monthName, recentYears } from '../salary-labels';
import { workerSalaries } from '@/features/salary-management/resource';
import { workers as workersResource } from '@/features/workers/resource';

export interface SalaryFormValues extends Record<string, unknown> {
  workerId: string | null;
  paymentType: string | null;
  paymentMethod: string | null;
  month: string | null;
  year: string | null;
  paymentDate: string | null;
  amount: number | string;
  notes: string;
  /** The version of the entry as read; sent with the edit so a newer save is not overwritten. */
  version?: number;
}

function salaryFormValues(salary?: WorkerSalary | null, today = dayjs()): SalaryFormValues {
  if (salary) {
    return {
      workerId: salary.workerId,
      paymentType: salary.paymentType,
      paymentMethod: salary.paymentMethod,
      month: String(salary.month),
      year: String(salary.year),
      paymentDate: salary.paymentDate,
      amount: salary.amount,
      notes: salary.notes ?? '',
      version: salary.version,
    };
  }
  return {
    workerId: null,
    paymentType: 'salary',
    paymentMethod: 'cash',
    month: String(today.month() + 1),
    year: String(today.year()),
    paymentDate: today.format('YYYY-MM-DD'),
    amount: '',
    notes: '',
  };
}

// Pickers hold strings and empty inputs hold '' or null: they must reach the contract as numbers
// or as "missing" (required), not as a wrong type.
const normalize = (raw: unknown) => {
  const values = { ...(raw as Record<string, unknown>) };
  for (const key of ['workerId', 'paymentType', 'paymentMethod', 'paymentDate', 'month', 'year']) {
    if (values[key] === null || values[key] === '') delete values[key];
  }
  if (values.amount === '') delete values.amount;
  if (typeof values.month === 'string') values.month = Number(values.month);
  if (typeof values.year === 'string') values.year = Number(values.year);
  return values;
};
const createSchema = z.preprocess(normalize, workerSalaryCreate);
const updateSchema = z.preprocess(normalize, workerSalaryUpdate);

/** Values a new entry starts from, e.g. a worker's balance for a month ("Pay the balance"). */
export type SalaryPrefill = Partial<
  Pick<SalaryFormValues, 'workerId' | 'paymentType' | 'month' | 'year'> & { amount: number }
>;

export interface SalaryFormProps {
  /** The entry being edited; `null` records a new payment. */
  salary: WorkerSalary | null;
  prefill?: SalaryPrefill | null;
  /** Called after a successful save, and on Cancel. */
  onDone: () => void;
}

export function SalaryForm({ salary, prefill = null, onDone }: SalaryFormProps) {
  const { t } = useTranslation(['worker-salaries', 'ui']);
  const format = useFormatters();
  const isEdit = salary !== null;
  const form = useZodForm<SalaryFormValues, WorkerSalaryCreate | WorkerSalaryUpdate>({
    namespace: 'worker-salaries',
    schema: isEdit ? updateSchema : createSchema,
    initialValues: { ...salaryFormValues(salary), ...prefill },
  });
  const workers = useQuery(workersResource.queries.all());
  const create = workerSalaries.useCreate();
  const update = workerSalaries.useUpdate();
  const submitting = create.isPending || update.isPending;
  // The pay period follows the payment date until the user picks one, and on an existing entry
  // it was picked already.
  const periodChosen = useRef(isEdit || prefill?.month !== undefined);
  // A prefilled payment is a different one from a draft left earlier: no draft is offered or kept.
  const safety = useFormSafety(form, isEdit || prefill ? null : 'worker-salaries:create');

  const workerOptions = useMemo(() => {
    const rows = workers.data ?? [];
    // New payments go to people still working; an existing entry keeps its worker even after
    // they have left.
    return rows
      .filter((worker) => worker.isActive || worker._id === salary?.workerId)
      .map((worker) => ({
        value: worker._id,
        label: worker.isActive ? worker.name : `${worker.name} (${t('form.inactive')})`,
      }));
  }, [workers.data, salary?.workerId, t]);

  // Before the pick list arrives, an edited entry still shows its worker's name.
  const options =
    salary && !workerOptions.some((option) => option.value === salary.workerId)
      ? [...workerOptions, { value: salary.workerId, label: salary.worker.name }]
      : workerOptions;

  const paymentTypeOptions = PAYMENT_TYPES.map((type) => ({
    value: type,
    label: t(`paymentTypes.${type}`),
  }));
  const paymentMethodOptions = PAYMENT_METHODS.map((method) => ({
    value: method,
    label: t(`paymentMethods.${method}`),
  }));
  const monthOptions = MONTHS.map((month) => ({
    value: String(month),
    label: monthName(month, format.language),
  }));
  const yearOptions = useMemo(() => {
    const years = recentYears().map(String);
    const current = salary ? String(salary.year) : null;
    if (current && !years.includes(current)) years.push(current);
    return years;
  }, [salary]);

  const paymentDateProps = form.getInputProps('paymentDate');
  const onPaymentDateChange = (value: string | null) => {
    form.setFieldValue('paymentDate', value);
    if (!periodChosen.current && value) {
      const date = dayjs(value);
      form.setFieldValue('month', String(date.month() + 1));
      form.setFieldValue('year', String(date.year()));
    }
  };
  const monthProps = form.getInputProps('month');
  const yearProps = form.getInputProps('year');

  // The form's own `version` only satisfies the schema; what is sent is the version of the entry
  // this form last read (it moves on after "Keep mine").
  const saving = useVersionedSave({
    form,
    record: salary,
    write: (body, version, callbacks) => {
      if (salary) {
        const versioned = { ...body, version } as WorkerSalaryUpdate;
        update.mutate({ id: salary._id, body: versioned }, callbacks);
      } else {
        create.mutate(body as WorkerSalaryCreate, callbacks);
      }
    },
    toValues: (current: WorkerSalary) => salaryFormValues(current),
    failureKey: isEdit ? 'worker-salaries:errors.update' : 'worker-salaries:errors.create',
    onSaved: () => {
      // Saved: leaving now is not abandoning the form.
      form.resetDirty();
      safety.forgetDraft();
      onDone();
    },
  });
  const staleFields: StaleField[] = [
    { name: 'workerId', label: t('fields.worker'), choices: options },
    { name: 'paymentType', choices: paymentTypeOptions },
    { name: 'paymentMethod', choices: paymentMethodOptions },
    { name: 'month', choices: monthOptions },
    { name: 'year' },
    { name: 'paymentDate' },
    { name: 'amount', format: (value) => format.money(Number(value)) },
    { name: 'notes' },
  ];

  return (
    <form onSubmit={saving.onSubmit} noValidate aria-label={isEdit ? t('edit') : t('add')}>
      <LeaveGuard when={() => form.isDirty()} />
      <Stack gap="md">
        <FormNotices safety={safety} failure={saving.failure} />
        <Select
          label={t('fields.worker')}
          placeholder={workers.isPending ? t('form.loadingWorkers') : t('placeholders.worker')}
          description={isEdit ? undefined : t('hints.worker')}
          withAsterisk
          searchable
          data={options}
          nothingFoundMessage={t('form.noWorkers')}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
          {...form.getInputProps('workerId')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <Select
            label={t('fields.paymentType')}
            withAsterisk
            data={paymentTypeOptions}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('paymentType')}
          />
          <Select
            label={t('fields.paymentMethod')}
            withAsterisk
            data={paymentMethodOptions}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('paymentMethod')}
          />
          <DatePickerInput
            label={t('fields.paymentDate')}
            withAsterisk
            valueFormat={DISPLAY_DATE_FORMAT}
            leftSection={<IconCalendar size={16} aria-hidden />}
            placeholder={t('placeholders.paymentDate')}
            popoverProps={{ withinPortal: true }}
            {...paymentDateProps}
            onChange={onPaymentDateChange}
          />
          <NumberInput
            label={t('fields.amount')}
            placeholder="0.00"
            required
            decimalScale={2}
            clampBehavior="none"
            thousandSeparator=","
            thousandsGroupStyle="lakh"
            hideControls
            leftSection="₹"
            inputMode="decimal"
            {...form.getInputProps('amount')}
          />
          <Select
            label={t('fields.month')}
            description={t('hints.period')}
            withAsterisk
            data={monthOptions}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...monthProps}
            onChange={(value: string | null) => {
              periodChosen.current = true;
              form.setFieldValue('month', value);
            }}
          />
          <Select
            label={t('fields.year')}
            description={'\u00a0'}
            withAsterisk
            data={yearOptions}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...yearProps}
            onChange={(value: string | null) => {
              periodChosen.current = true;
              form.setFieldValue('year', value);
            }}
          />
        </SimpleGrid>
        <Textarea
          label={t('fields.notes')}
          placeholder={t('placeholders.notes')}
          rows={3}
          resize="vertical"
          maxLength={1000}
          {...form.getInputProps('notes')}
        />
        {saving.conflict ? (
          <StaleVersionDialog
            namespace="worker-salaries"
            fields={staleFields}
            {...saving.conflict}
          />
        ) : null}
        <Group justify="flex-end" gap="sm" mt="md">
          <Button variant="default" onClick={onDone} disabled={submitting}>
            {t('ui:actions.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {t('ui:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
