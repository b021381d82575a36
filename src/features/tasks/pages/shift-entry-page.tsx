import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JobCard } from '../../../../contract/job-cards.ts';
import {
  productionEntryBatch,
  type ProductionBatchRow,
} from '../../../../contract/production-entries.ts';
import { describeIssue, validationErrorMap } from '../../../../contract/validation.ts';
import { WORKER_PAY_PERMISSION } from '../../../../contract/workers.ts';
import type { FieldErrorLike } from '@/lib/error-text';
import { ApiError } from '@/lib/api-client';
import { errorText, fieldErrorText } from '@/lib/error-text';
import { BackLink } from '@/components/back-link';
import { PageHeader } from '@/components/page-header';
import { DISPLAY_DATE_FORMAT, useFormatters } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { jobCards, useLogShift } from '@/features/tasks/resource';
import { workers as workersResource } from '@/features/workers/resource';
import { cardName } from '../components/job-card-tile';
import { pieceRateFor } from '../components/log-work-modal';
import { PiecesInput } from '../components/pieces-input';
import { BOARD_PATH } from '../components/production-views';
import { fromPaise, toPaise } from '../../../../contract/money.ts';

interface RowValues {
  piecesDone: number | string;
  piecesRejected: number | string;
  rate: number | string;
}

type RowErrors = Partial<Record<keyof RowValues | 'row', string>>;

const EMPTY_ROW: RowValues = { piecesDone: '', piecesRejected: '', rate: '' };
/** The two counts a row takes, laid out alike. */
const PIECE_FIELDS = ['piecesDone', 'piecesRejected'] as const;

/** A cancelled or delivered order's cards keep what was logged but take no new work. */
const takesWork = (card: JobCard) =>
  card.order.status !== 'cancelled' && card.order.status !== 'delivered';

const asCount = (value: number | string) => (value === '' ? 0 : Number(value));

/**
 * The batch to send: one entry per card with pieces entered, in the order shown, and which card
 * each entry is (the server's field errors name the entry by its place: `entries.3.piecesDone`).
 */
export function shiftBatch(
  workerId: string,
  workDate: string,
  cards: readonly JobCard[],
  rows: Record<string, RowValues>,
  defaultRate: (card: JobCard) => number | null,
) {
  const sentCards: JobCard[] = [];
  const entries: ProductionBatchRow[] = [];
  for (const card of cards) {
    const row = rows[card._id] ?? EMPTY_ROW;
    if (row.piecesDone === '' && row.piecesRejected === '') continue;
    sentCards.push(card);
    entries.push({
      workerId,
      jobCardId: card._id,
      piecesDone: asCount(row.piecesDone),
      ...(row.piecesRejected === '' ? {} : { piecesRejected: Number(row.piecesRejected) }),
      rate: row.rate === '' ? defaultRate(card) : Number(row.rate),
    });
  }
  return { batch: { workDate, entries }, sentCards };
}

/** `/tasks/shift`: a worker's pieces on every open card of theirs, saved as one batch. */
export default function ShiftEntryPage() {
  const { t } = useTranslation(['production', 'ui']);
  const format = useFormatters();
  const [workerId, setWorkerId] = useState<string | null>(null);
  const [workDate, setWorkDate] = useState<string | null>(dayjs().format('YYYY-MM-DD'));
  const [rows, setRows] = useState<Record<string, RowValues>>({});
  const [extraCardIds, setExtraCardIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, RowErrors>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const workers = useQuery(workersResource.queries.all());
  const assigned = useQuery({
    ...jobCards.queries.list({
      workerId: workerId ?? undefined,
      isDone: false,
      limit: 100,
      sort: 'dueDate',
    }),
    enabled: workerId !== null,
  });
  // Newest first: a card made today is the one most likely to be missing from a worker's list.
  const openCards = useQuery(
    jobCards.queries.list({ isDone: false, limit: 100, sort: '-createdAt' }),
  );
  const logShift = useLogShift();
  const worker = (workers.data ?? []).find((candidate) => candidate._id === workerId);
  // Rates and what a shift earns are a worker's pay: roles that may not read it enter pieces
  // only, and the server picks each rate.
  const canReadPay = useCan(WORKER_PAY_PERMISSION);

  const cards = useMemo(() => {
    if (!workerId) return [];
    const own = (assigned.data?.data ?? []).filter(takesWork);
    const extra = extraCardIds
      .map((id) => (openCards.data?.data ?? []).find((card) => card._id === id))
      .filter(
        (card): card is JobCard => card !== undefined && !own.some((o) => o._id === card._id),
      );
    return [...own, ...extra];
  }, [workerId, assigned.data, openCards.data, extraCardIds]);

  const addable = (openCards.data?.data ?? [])
    .filter((card) => takesWork(card) && !cards.some((shown) => shown._id === card._id))
    .map((card) => ({
      value: card._id,
      label: `${cardName(card)} · ${card.design.name} · ${card.stage.name}`,
    }));

  const defaultRate = (card: JobCard) =>
    canReadPay ? pieceRateFor(card.design.rate, worker) : null;
  const setRow = (cardId: string, field: keyof RowValues, value: number | string) => {
    setRows((current) => ({
      ...current,
      [cardId]: { ...(current[cardId] ?? EMPTY_ROW), [field]: value },
    }));
    setErrors((current) => {
      const { [cardId]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const { batch, sentCards } = shiftBatch(workerId ?? '', workDate ?? '', cards, rows, defaultRate);
  const counted = batch.entries.reduce(
    (sum, entry) => ({
      pieces: sum.pieces + entry.piecesDone,
      paise: sum.paise + entry.piecesDone * toPaise(entry.rate ?? 0),
    }),
    { pieces: 0, paise: 0 },
  );
  const totals = { pieces: counted.pieces, amount: fromPaise(counted.paise) };

  /** Field errors by card: `entries.N.field` belongs to the Nth card sent. */
  const errorsByCard = (fieldErrors: readonly FieldErrorLike[]) => {
    const placed: Record<string, RowErrors> = {};
    const unplaced: string[] = [];
    for (const fieldError of fieldErrors) {
      const match = /^entries\.(\d+)(?:\.(\w+))?/.exec(fieldError.path);
      const card = match ? sentCards[Number(match[1])] : undefined;
      const text = fieldErrorText(fieldError, t, 'production');
      if (!card) {
        unplaced.push(text);
        continue;
      }
      const shownFields = canReadPay
        ? ['piecesDone', 'piecesRejected', 'rate']
        : ['piecesDone', 'piecesRejected'];
      const field = (
        shownFields.includes(match?.[2] ?? '') ? match?.[2] : 'row'
      ) as keyof RowErrors;
      placed[card._id] = { ...placed[card._id], [field]: placed[card._id]?.[field] ?? text };
    }
    return { placed, unplaced };
  };

  const save = () => {
    setFailure(null);
    if (!workerId || !workDate) return;
    // Pieces beyond what a card has left are caught here too, so a shift entered offline is not
    // queued only to be refused later.
    const issues: FieldErrorLike[] = [];
    batch.entries.forEach((entry, index) => {
      const card = sentCards[index];
      if (card && entry.piecesDone + (entry.piecesRejected ?? 0) > card.piecesLeft) {
        issues.push({
          path: `entries.${index}.piecesDone`,
          code: 'invalid_value',
          params: { rule: 'pieces_exceed_quantity', left: card.piecesLeft },
        });
      }
    });
    const parsed = productionEntryBatch.safeParse(batch, { error: validationErrorMap });
    if (!parsed.success) issues.push(...parsed.error.issues.map(describeIssue));
    if (batch.entries.length === 0) {
      setFailure(t('shift.nothingEntered'));
      return;
    }
    if (issues.length > 0 || !parsed.success) {
      const { placed, unplaced } = errorsByCard(issues);
      setErrors(placed);
      if (unplaced.length) setFailure(unplaced.join(' '));
      return;
    }
    const clear = () => {
      setRows({});
      setErrors({});
      setExtraCardIds([]);
    };
    logShift.mutate(parsed.data, {
      onSuccess: clear,
      onQueued: clear,
      onError: (error) => {
        if (error instanceof ApiError && error.errors.length > 0) {
          const { placed, unplaced } = errorsByCard(error.errors);
          setErrors(placed);
          setFailure(unplaced.length ? unplaced.join(' ') : null);
        } else {
          setFailure(errorText(error, t, 'production:errors.saveShift'));
        }
      },
    });
  };

  const workerOptions = (workers.data ?? [])
    .filter((candidate) => candidate.isActive)
    .map((candidate) => ({ value: candidate._id, label: candidate.name }));

  return (
    <>
      <PageHeader
        title={t('shift.title')}
        description={t('shift.description')}
        actions={<BackLink to={BOARD_PATH}>{t('title')}</BackLink>}
      />
      <Stack gap="md" maw={900}>
        <Paper withBorder p="md" radius="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Select
              label={t('shift.worker')}
              placeholder={t('shift.workerPlaceholder')}
              size="lg"
              searchable
              data={workerOptions}
              value={workerId}
              onChange={(value) => {
                setWorkerId(value);
                setRows({});
                setErrors({});
                setExtraCardIds([]);
                setFailure(null);
              }}
              comboboxProps={{ withinPortal: true }}
            />
            <DatePickerInput
              label={t('shift.workDate')}
              size="lg"
              valueFormat={DISPLAY_DATE_FORMAT}
              leftSection={<IconCalendar size={18} aria-hidden />}
              popoverProps={{ withinPortal: true }}
              value={workDate}
              onChange={setWorkDate}
            />
          </SimpleGrid>
        </Paper>
        {failure ? (
          <Alert color="red" variant="light" role="alert" title={t('ui:saveFailed.title')}>
            {failure}
          </Alert>
        ) : null}
        {!workerId ? (
          <Text c="dimmed">{t('shift.chooseWorker')}</Text>
        ) : (
          <>
            {assigned.isSuccess && cards.length === 0 ? (
              <Text c="dimmed">{t('shift.noCards')}</Text>
            ) : null}
            <Stack gap="sm" role="list" aria-label={t('shift.rowsLabel')}>
              {cards.map((card) => {
                const row = rows[card._id] ?? EMPTY_ROW;
                const rowErrors = errors[card._id] ?? {};
                const name = cardName(card);
                return (
                  <Paper
                    key={card._id}
                    withBorder
                    p="md"
                    radius="md"
                    role="listitem"
                    aria-label={name}
                  >
                    <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
                      <Stack gap={0} miw={0}>
                        <Text fw={700}>
                          {name} · {card.design.name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {card.merchant.name} · {card.stage.name} ·{' '}
                          {t('log.left', { count: card.piecesLeft })}
                        </Text>
                      </Stack>
                      {extraCardIds.includes(card._id) ? (
                        <ActionIcon
                          variant="subtle"
                          color="gray"
                          size="lg"
                          aria-label={t('shift.removeRow', { name })}
                          onClick={() => {
                            setExtraCardIds((ids) => ids.filter((id) => id !== card._id));
                            setRow(card._id, 'piecesDone', '');
                          }}
                        >
                          <IconX size={18} aria-hidden />
                        </ActionIcon>
                      ) : null}
                    </Group>
                    {rowErrors.row ? (
                      <Text c="red" size="sm" role="alert">
                        {rowErrors.row}
                      </Text>
                    ) : null}
                    <SimpleGrid cols={canReadPay ? 3 : 2} spacing="sm">
                      {PIECE_FIELDS.map((field) => (
                        <PiecesInput
                          key={field}
                          label={t(`log.${field}`)}
                          aria-label={`${t(`log.${field}`)}, ${name}`}
                          size="xl"
                          value={row[field]}
                          error={rowErrors[field]}
                          onChange={(value) => setRow(card._id, field, value)}
                        />
                      ))}
                      {canReadPay ? (
                        <NumberInput
                          label={t('log.rate')}
                          aria-label={`${t('log.rate')}, ${name}`}
                          size="xl"
                          min={0}
                          decimalScale={2}
                          hideControls
                          leftSection="₹"
                          inputMode="decimal"
                          value={row.rate === '' ? (defaultRate(card) ?? '') : row.rate}
                          error={rowErrors.rate}
                          onChange={(value) => setRow(card._id, 'rate', value)}
                        />
                      ) : null}
                    </SimpleGrid>
                  </Paper>
                );
              })}
            </Stack>
            <Select
              label={t('shift.addCard')}
              placeholder={t('shift.addCardPlaceholder')}
              size="md"
              searchable
              data={addable}
              value={null}
              onChange={(value) => value && setExtraCardIds((ids) => [...ids, value])}
              comboboxProps={{ withinPortal: true }}
            />
            <Group justify="space-between">
              <Text fw={600} data-testid="shift-total">
                {canReadPay
                  ? t('shift.total', {
                      pieces: format.number(totals.pieces),
                      amount: format.money(totals.amount),
                    })
                  : t('shift.totalPieces', { pieces: format.number(totals.pieces) })}
              </Text>
              <Button size="lg" onClick={save} loading={logShift.isPending && !logShift.isPaused}>
                {t('shift.save')}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </>
  );
}
