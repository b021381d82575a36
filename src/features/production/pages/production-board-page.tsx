import {
  Alert,
  Badge,
  Box,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  JobCard,
  JobCardListParams,
  ProductionStage,
} from '../../../../contract/production.ts';
import { ErrorState } from '@/components/error-state';
import { FilterBar } from '@/components/filter-bar';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/permissions';
import { describeError } from '@/lib/resource-factory';
import * as resources from '@/lib/resources';
import { useListParams } from '@/lib/use-list-params';
import { neighbourStages, usePendingMoves } from '../card-moves';
import { AssignWorkersModal } from '../components/assign-workers-modal';
import { CARD_LIST_CONFIG, useCardFilterFields } from '../components/card-filters';
import { hasPendingChange } from '@/lib/offline/pending-records';
import { JobCardTile } from '../components/job-card-tile';
import { LogWorkModal } from '../components/log-work-modal';
import { MakeJobCardsModal } from '../components/make-job-cards-modal';
import { ProductionViews } from '../components/production-views';

/** The most cards one board read brings; more than that asks for narrower filters. */
export const BOARD_CARD_LIMIT = 100;

type CardDialog = { kind: 'log'; card: JobCard } | { kind: 'assign'; card: JobCard } | null;

/** `/tasks`: a column per stage, each card moved forward or back with a tap. */
export default function ProductionBoardPage() {
  const { t } = useTranslation('production');
  const list = useListParams(CARD_LIST_CONFIG);
  const canWrite = useCan('production.write');
  const [making, setMaking] = useState(false);
  const [dialog, setDialog] = useState<CardDialog>(null);
  const showDone = list.filters.isDone === undefined ? false : list.filters.isDone;
  const setFilter = list.setFilter as (name: string, value: unknown) => void;

  const { stageId: _stage, isDone: _done, ...filters } = list.filters;
  const params: Partial<JobCardListParams> = {
    ...filters,
    ...(showDone ? {} : { isDone: false }),
    limit: BOARD_CARD_LIMIT,
    sort: 'dueDate',
  };
  const cards = useQuery(resources.jobCards.queries.list(params));
  const stages = useQuery(resources.productionStages.queries.list());
  const move = resources.useMoveJobCard();
  const pendingMoves = usePendingMoves();
  const filterFields = useCardFilterFields({ withStage: false });

  const byStage = useMemo(() => {
    const grouped = new Map<string, JobCard[]>();
    for (const card of cards.data?.data ?? []) {
      grouped.set(card.stageId, [...(grouped.get(card.stageId) ?? []), card]);
    }
    return grouped;
  }, [cards.data]);

  // The card moves on screen at once (the write shows it); a refusal reads the board again.
  const onMove = (card: JobCard, stage: ProductionStage) =>
    move.mutate({ id: card._id, stageId: stage._id, version: card.version });

  const header = (
    <PageHeader
      title={t('title')}
      description={t('description')}
      actions={<ProductionViews onMakeCards={() => setMaking(true)} />}
    />
  );

  let body;
  if (isUnavailableOffline(cards) || isUnavailableOffline(stages)) {
    body = <OfflineUnavailable onRetry={() => Promise.all([cards.refetch(), stages.refetch()])} />;
  } else if (cards.isError || stages.isError) {
    const error = cards.error ?? stages.error;
    body = (
      <ErrorState
        message={describeError(
          error,
          t,
          cards.isError ? 'production:errors.fetchList' : 'production:errors.fetchStages',
        )}
        onRetry={() => void Promise.all([cards.refetch(), stages.refetch()])}
      />
    );
  } else if (cards.isPending || stages.isPending) {
    body = (
      <Group gap="md" wrap="nowrap" aria-busy="true" aria-label={t('board.label')}>
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} h={320} w={280} radius="md" />
        ))}
      </Group>
    );
  } else if (stages.data.length === 0) {
    body = <Alert color="blue">{t('board.noStages')}</Alert>;
  } else {
    const stageList = stages.data;
    body = (
      <>
        {cards.data.totalCount > cards.data.data.length ? (
          <Alert color="yellow" variant="light" mb="sm">
            {t('board.truncated', { count: cards.data.data.length })}
          </Alert>
        ) : null}
        <Box
          role="region"
          aria-label={t('board.label')}
          tabIndex={0}
          style={{
            display: 'flex',
            gap: 'var(--mantine-spacing-md)',
            overflowX: 'auto',
            scrollSnapType: 'x proximity',
            paddingBottom: 'var(--mantine-spacing-sm)',
            opacity: cards.isFetching && cards.isPlaceholderData ? 0.6 : 1,
          }}
        >
          {stageList.map((stage) => {
            const stageCards = byStage.get(stage._id) ?? [];
            return (
              <Paper
                key={stage._id}
                component="section"
                aria-label={t('board.column', { stage: stage.name, count: stageCards.length })}
                bg="var(--mantine-color-default-hover)"
                radius="md"
                p="sm"
                style={{ flex: '0 0 300px', scrollSnapAlign: 'start' }}
              >
                <Group justify="space-between" mb="sm" wrap="nowrap">
                  <Title order={2} size="h5">
                    {stage.name}
                  </Title>
                  <Badge variant="light" size="lg">
                    {stageCards.length}
                  </Badge>
                </Group>
                <Stack gap="sm">
                  {stageCards.length === 0 ? (
                    <Text size="sm" c="dimmed" ta="center" py="md">
                      {t('board.empty')}
                    </Text>
                  ) : (
                    stageCards.map((card) => {
                      const { previous, next } = neighbourStages(stageList, card);
                      return (
                        <JobCardTile
                          key={card._id}
                          card={card}
                          previous={previous}
                          next={next}
                          pending={pendingMoves.has(card._id) || hasPendingChange(card)}
                          canWrite={canWrite}
                          onMove={onMove}
                          onLogWork={(target) => setDialog({ kind: 'log', card: target })}
                          onAssign={(target) => setDialog({ kind: 'assign', card: target })}
                        />
                      );
                    })
                  )}
                </Stack>
              </Paper>
            );
          })}
        </Box>
      </>
    );
  }

  return (
    <>
      {header}
      <FilterBar
        fields={filterFields}
        values={list.inputValues}
        onChange={setFilter}
        onReset={list.reset}
        canReset={!list.isDefault}
      />
      <Switch
        mb="md"
        // Level with the taller hit area a touch screen gives the track.
        styles={{ body: { alignItems: 'center' } }}
        label={t('filters.showDone')}
        checked={showDone}
        onChange={(event) => setFilter('isDone', event.currentTarget.checked ? true : undefined)}
      />
      {body}
      <MakeJobCardsModal opened={making} onClose={() => setMaking(false)} />
      {dialog?.kind === 'log' ? (
        <LogWorkModal card={dialog.card} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'assign' ? (
        <AssignWorkersModal card={dialog.card} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
