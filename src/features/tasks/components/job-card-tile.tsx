import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconPencilPlus, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductionStage } from '../../../../contract/production-stages.ts';
import type { JobCard } from '../../../../contract/job-cards.ts';
import { useFormatters } from '@/lib/format';
import { UnsentMark } from '@/components/unsent-mark';

export interface JobCardTileProps {
  card: JobCard;
  previous: ProductionStage | null;
  next: ProductionStage | null;
  /** A change of this card (a move, work logged on it) waits for the network. */
  pending: boolean;
  canWrite: boolean;
  onMove: (card: JobCard, stage: ProductionStage) => void;
  onLogWork: (card: JobCard) => void;
  onAssign: (card: JobCard) => void;
  /** The drag handle, when the card can be dragged to another stage. */
  handle?: ReactNode;
  className?: string;
}

export function cardName(card: JobCard) {
  return `${card.order.poNumber} ${card.design.designCode}`;
}

/** One job card on the board, with large buttons to move it and, when given, a drag handle. */
export function JobCardTile({
  card,
  previous,
  next,
  pending,
  canWrite,
  onMove,
  onLogWork,
  onAssign,
  handle,
  className,
}: JobCardTileProps) {
  const { t } = useTranslation('production');
  const format = useFormatters();
  const name = cardName(card);
  const share = (count: number) => (card.quantity > 0 ? (count / card.quantity) * 100 : 0);

  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="sm"
      className={className}
      aria-label={t('card.label', { poNumber: card.order.poNumber, design: card.design.name })}
      style={card.isOverdue ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap={4} wrap="nowrap" align="flex-start">
          <Stack gap={0} miw={0}>
            <Text fw={700} size="sm" truncate>
              {card.order.poNumber} · {card.design.designCode}
            </Text>
            <Text size="sm" truncate>
              {card.design.name}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap">
            <Text fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('card.quantity', { count: card.quantity })}
            </Text>
            {handle}
          </Group>
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {card.merchant.name}
        </Text>
        <Group gap={6}>
          {card.isOverdue ? (
            <Badge color="red" variant="filled" size="sm">
              {t('card.overdue')}
            </Badge>
          ) : null}
          {card.isDone ? (
            <Badge color="green" variant="light" size="sm">
              {t('card.done')}
            </Badge>
          ) : null}
          {pending ? <UnsentMark /> : null}
          <Text size="xs" c={card.isOverdue ? 'red' : 'dimmed'}>
            {card.dueDate
              ? t('card.due', { date: format.date(card.dueDate) })
              : t('card.noDueDate')}
          </Text>
        </Group>
        <Text size="xs" c={card.workers.length ? undefined : 'dimmed'}>
          {card.workers.length
            ? card.workers.map((worker) => worker.name).join(', ')
            : t('card.noWorkers')}
        </Text>
        <Progress.Root size="md" aria-hidden>
          <Progress.Section value={share(card.piecesDone)} color="teal" />
          <Progress.Section value={share(card.piecesRejected)} color="red" />
        </Progress.Root>
        <Text size="xs" data-testid="card-counts">
          {t('card.counts', {
            done: format.number(card.piecesDone),
            rejected: format.number(card.piecesRejected),
            left: format.number(card.piecesLeft),
          })}
        </Text>
        {canWrite ? (
          <>
            <Group gap={6} grow wrap="nowrap">
              <Button
                size="md"
                variant="default"
                disabled={!previous}
                aria-label={
                  previous ? t('card.moveBack', { name, stage: previous.name }) : t('card.back')
                }
                leftSection={<IconArrowLeft size={18} aria-hidden />}
                onClick={() => previous && onMove(card, previous)}
              >
                {t('card.back')}
              </Button>
              <Button
                size="md"
                disabled={!next}
                aria-label={
                  next ? t('card.moveForward', { name, stage: next.name }) : t('card.forward')
                }
                rightSection={<IconArrowRight size={18} aria-hidden />}
                onClick={() => next && onMove(card, next)}
              >
                {t('card.forward')}
              </Button>
            </Group>
            {/* A desk column is 300 px wide: an even split cut the end off a longer label
                (Hindi "काम दर्ज करें"), so a button never gets less than its words need. */}
            <Group gap={6} grow wrap="nowrap">
              <Button
                size="md"
                px="xs"
                miw="max-content"
                variant="light"
                aria-label={t('card.logWorkOn', { name })}
                leftSection={<IconPencilPlus size={18} aria-hidden />}
                onClick={() => onLogWork(card)}
              >
                {t('card.logWork')}
              </Button>
              <Button
                size="md"
                px="xs"
                miw="max-content"
                variant="subtle"
                aria-label={t('card.assignOn', { name })}
                leftSection={<IconUsers size={18} aria-hidden />}
                onClick={() => onAssign(card)}
              >
                {t('card.assign')}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}
