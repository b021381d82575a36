import { NumberInput, Select, SimpleGrid, Textarea, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { WORKER_PAY_PERMISSION, type Worker } from '../../../../contract/workers.ts';
import type { JobCard } from '../../../../contract/job-cards.ts';
import {
  defaultPieceRate,
  productionEntryCreate,
  type ProductionEntryCreate,
} from '../../../../contract/production-entries.ts';
import { FormModal } from '@/components/form-modal';
import { FormNotices, saveFailureText, useFormSafety } from '@/components/form-safety';
import { DISPLAY_DATE_FORMAT } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useZodForm } from '@/lib/use-zod-form';
import { productionEntries } from '@/features/tasks/resource';
import { workers as workersResource } from '@/features/workers/resource';
import { cardName } from './job-card-tile';
import { PiecesInput } from './pieces-input';

interface LogWorkValues extends Record<string, unknown> {
  workerId: string | null;
  jobCardId: string;
  workDate: string | null;
  piecesDone: number | string;
  piecesRejected: number | string;
  rate: number | string;
  notes: string;
}

// Empty inputs reach the contract as "missing", so the required ones say so.
const normalize = (raw: unknown) => {
  const values = { ...(raw as Record<string, unknown>) };
  for (const key of ['workerId', 'workDate', 'piecesDone', 'piecesRejected', 'rate']) {
    if (values[key] === null || values[key] === '') delete values[key];
  }
  return values;
};
const schema = z.preprocess(normalize, productionEntryCreate);

/**
 * The rate an entry gets for this worker on this card, as the server would pick it; null when
 * that hangs on pay the caller may not read (staff get workers without it): the entry is then
 * sent without a rate and the server picks it.
 */
export function pieceRateFor(designRate: number | null, worker: Worker | undefined): number | null {
  if (designRate === null && worker !== undefined && worker.baseSalary === undefined) return null;
  return defaultPieceRate(designRate, {
    salaryType: worker?.salaryType ?? null,
    baseSalary: worker?.baseSalary ?? null,
  });
}

/** Workers who are assigned to the card first, then the other active ones. */
export function workerChoices(workers: readonly Worker[], assigned: readonly string[]) {
  const active = workers.filter((worker) => worker.isActive || assigned.includes(worker._id));
  const first = active.filter((worker) => assigned.includes(worker._id));
  const rest = active.filter((worker) => !assigned.includes(worker._id));
  return [...first, ...rest].map((worker) => ({ value: worker._id, label: worker.name }));
}

/** One production entry on one card: who, when, how many done and rejected, at what rate. */
export function LogWorkModal({ card, onClose }: { card: JobCard; onClose: () => void }) {
  const { t } = useTranslation(['production', 'ui']);
  const workers = useQuery(workersResource.queries.all());
  const create = productionEntries.useCreate();
  // A rate is a worker's pay: roles that may not read it log pieces and the server picks it.
  const canReadPay = useCan(WORKER_PAY_PERMISSION);
  const onlyWorker = card.workerIds.length === 1 ? (card.workerIds[0] ?? null) : null;
  const form = useZodForm<LogWorkValues, ProductionEntryCreate>({
    namespace: 'production',
    schema,
    initialValues: {
      workerId: onlyWorker,
      jobCardId: card._id,
      workDate: dayjs().format('YYYY-MM-DD'),
      piecesDone: '',
      piecesRejected: '',
      rate: onlyWorker ? '' : (card.design.rate ?? ''),
      notes: '',
    },
  });
  const safety = useFormSafety(form, null);
  const [failure, setFailure] = useState<string | null>(null);
  const workerById = new Map((workers.data ?? []).map((worker) => [worker._id, worker]));
  const chosen = form.getValues().workerId;
  // The worker's own rate is known once the pick list has arrived.
  const rateShown =
    form.getValues().rate === '' && chosen && workerById.has(chosen)
      ? (pieceRateFor(card.design.rate, workerById.get(chosen)) ?? '')
      : form.getValues().rate;

  const submit = form.submit((body) => {
    setFailure(null);
    const withRate = {
      ...body,
      rate: canReadPay ? (body.rate ?? (typeof rateShown === 'number' ? rateShown : null)) : null,
    };
    create.mutate(withRate, {
      onSuccess: onClose,
      onQueued: onClose,
      onError: (error) => {
        const unplaced = form.applyServerErrors(error);
        setFailure(saveFailureText(error, unplaced, t, 'production:errors.createEntry'));
      },
    });
  });

  return (
    <FormModal
      opened
      title={`${t('log.title')}: ${cardName(card)}`}
      onClose={onClose}
      onSubmit={submit}
      submitting={create.isPending}
      dirty={form.isDirty()}
      size="md"
      notice={<FormNotices safety={safety} failure={failure} />}
    >
      <Text size="sm" c="dimmed">
        {card.design.name} · {card.merchant.name} · {t('log.left', { count: card.piecesLeft })}
      </Text>
      <Select
        label={t('log.worker')}
        placeholder={t('log.workerPlaceholder')}
        withAsterisk
        searchable
        data={workerChoices(workers.data ?? [], card.workerIds)}
        comboboxProps={{ withinPortal: true }}
        data-autofocus
        {...form.getInputProps('workerId')}
        onChange={(value: string | null) => {
          form.setFieldValue('workerId', value);
          form.setFieldValue(
            'rate',
            value ? (pieceRateFor(card.design.rate, workerById.get(value)) ?? '') : '',
          );
        }}
      />
      <SimpleGrid cols={2} spacing="md">
        <PiecesInput
          label={t('log.piecesDone')}
          required
          size="lg"
          {...form.getInputProps('piecesDone')}
        />
        <PiecesInput
          label={t('log.piecesRejected')}
          size="lg"
          {...form.getInputProps('piecesRejected')}
        />
        {canReadPay ? (
          <NumberInput
            label={t('log.rate')}
            description={t('log.rateHint')}
            min={0}
            decimalScale={2}
            hideControls
            leftSection="₹"
            inputMode="decimal"
            {...form.getInputProps('rate')}
            value={rateShown}
          />
        ) : null}
        <DatePickerInput
          label={t('log.workDate')}
          // Lines up with the rate's hint beside it.
          description={canReadPay ? '\u00a0' : undefined}
          withAsterisk
          valueFormat={DISPLAY_DATE_FORMAT}
          leftSection={<IconCalendar size={16} aria-hidden />}
          popoverProps={{ withinPortal: true }}
          {...form.getInputProps('workDate')}
        />
      </SimpleGrid>
      <Textarea label={t('log.notes')} rows={2} {...form.getInputProps('notes')} />
    </FormModal>
  );
}
