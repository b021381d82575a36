import {
  ActionIcon,
  Alert,
  Badge,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductionStage } from '../../../../contract/production-stages.ts';
import type {
  JobCard,
  JobCardDueWindow,
  JobCardListParams,
} from '../../../../contract/job-cards.ts';
import { ErrorState } from '@/components/error-state';
import { FilterBar } from '@/components/filter-bar';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';
import { PageHeader } from '@/components/page-header';
import { useCan } from '@/lib/permissions';
import { describeError } from '@/lib/resource-factory';
import { jobCards, productionStages, useMoveJobCard } from '@/features/tasks/resource';
import { useListParams } from '@/lib/use-list-params';
import { neighbourStages, usePendingMoves } from '../card-moves';
import { AssignWorkersModal } from '../components/assign-workers-modal';
import { CARD_LIST_CONFIG, useCardFilterFields } from '../components/card-filters';
import { hasPendingChange } from '@/lib/offline/pending-records';
import { cardName, JobCardTile } from '../components/job-card-tile';
import { LogWorkModal } from '../components/log-work-modal';
import { MakeJobCardsModal } from '../components/make-job-cards-modal';
import { ProductionViews } from '../components/production-views';
import { StageSwitcher } from '../components/stage-switcher';
import classes from '../production-board.module.css';
import { DROP_STAGE_ATTRIBUTE, useCardDrag } from '../use-card-drag';

/** The most cards one board read brings; more than that asks for narrower filters. */
export const BOARD_CARD_LIMIT = 100;

type CardDialog = { kind: 'log'; card: JobCard } | { kind: 'assign'; card: JobCard } | null;

/**
 * `/tasks`: a column per stage; a card moves forward or back with a tap, or is dragged by its
 * handle (touch, mouse or keyboard) to any stage.
 */
export default function ProductionBoardPage() {
  const { t } = useTranslation('production');
  const list = useListParams(CARD_LIST_CONFIG);
  const canWrite = useCan('production.write');
  const [making, setMaking] = useState(false);
  const [dialog, setDialog] = useState<CardDialog>(null);
  const instructionsId = useId();
  const showDone = list.filters.isDone === undefined ? false : list.filters.isDone;
  const setFilter = list.setFilter as (name: string, value: unknown) => void;

  const { stageId: _stage, isDone: _done, ...filters } = list.filters;
  const params: Partial<JobCardListParams> = {
    ...filters,
    // The URL keeps only the windows the filter offers.
    due: filters.due as JobCardDueWindow | undefined,
    ...(showDone ? {} : { isDone: false }),
    limit: BOARD_CARD_LIMIT,
    sort: 'dueDate',
  };
  const cards = useQuery(jobCards.queries.list(params));
  const stages = useQuery(productionStages.queries.list());
  const move = useMoveJobCard();
  const pendingMoves = usePendingMoves();
  const filterFields = useCardFilterFields({ withStage: false });

  const byStage = useMemo(() => {
    const grouped = new Map<string, JobCard[]>();
    for (const card of cards.data?.data ?? []) {
      grouped.set(card.stageId, [...(grouped.get(card.stageId) ?? []), card]);
    }
    return grouped;
  }, [cards.data]);
  const counts = useMemo(
    () => new Map([...byStage].map(([stageId, stageCards]) => [stageId, stageCards.length])),
    [byStage],
  );

  // The card moves on screen at once (the write shows it); a refusal reads the board again.
  const onMove = (card: JobCard, stage: ProductionStage) =>
    move.mutate({ id: card._id, stageId: stage._id, version: card.version });

  const boardRef = useRef<HTMLDivElement>(null);
  const columns = useRef(new Map<string, HTMLElement>());
  const [activeStageId, setActiveStageId] = useState<string | null>(null);
  const showStage = (stage: ProductionStage) => {
    setActiveStageId(stage._id);
    columns.current
      .get(stage._id)
      ?.scrollIntoView?.({ behavior: 'smooth', inline: 'start', block: 'nearest' });
  };
  // The switcher marks the stage at the board's left edge as the one in view.
  const onBoardScroll = () => {
    const board = boardRef.current;
    if (!board) return;
    let closest: [string, number] | null = null;
    for (const [stageId, column] of columns.current) {
      const distance = Math.abs(column.offsetLeft - board.scrollLeft);
      if (!closest || distance < closest[1]) closest = [stageId, distance];
    }
    if (closest) setActiveStageId(closest[0]);
  };
  const drag = useCardDrag({ stages: stages.data ?? [], onMove, onTarget: showStage });

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
        <StageSwitcher
          stages={stageList}
          counts={counts}
          activeStageId={activeStageId ?? stageList[0]?._id ?? null}
          targetStageId={drag.targetStageId}
          onSelect={showStage}
        />
        <div
          ref={boardRef}
          role="region"
          aria-label={t('board.label')}
          tabIndex={0}
          className={classes.board}
          onScroll={onBoardScroll}
          style={{ opacity: cards.isFetching && cards.isPlaceholderData ? 0.6 : 1 }}
        >
          {stageList.map((stage) => {
            const stageCards = byStage.get(stage._id) ?? [];
            return (
              <Paper
                key={stage._id}
                ref={(element: HTMLElement | null) => {
                  if (element) columns.current.set(stage._id, element);
                  else columns.current.delete(stage._id);
                }}
                component="section"
                {...{ [DROP_STAGE_ATTRIBUTE]: stage._id }}
                aria-label={t('board.column', { stage: stage.name, count: stageCards.length })}
                bg="var(--mantine-color-default-hover)"
                radius="md"
                p="sm"
                className={
                  drag.targetStageId === stage._id
                    ? `${classes.column} ${classes.dropTarget}`
                    : classes.column
                }
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
                      const dragged = drag.drag?.card._id === card._id;
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
                          className={dragged ? classes.dragSource : undefined}
                          handle={
                            canWrite ? (
                              <ActionIcon
                                variant={dragged ? 'filled' : 'subtle'}
                                color="gray"
                                size={44}
                                className={classes.handle}
                                aria-label={t('drag.handle', { name: cardName(card) })}
                                aria-describedby={instructionsId}
                                {...drag.handleProps(card)}
                              >
                                <IconGripVertical size={22} aria-hidden />
                              </ActionIcon>
                            ) : undefined
                          }
                        />
                      );
                    })
                  )}
                </Stack>
              </Paper>
            );
          })}
        </div>
        {drag.drag?.pointer ? (
          <Paper
            shadow="md"
            withBorder
            px="sm"
            py={6}
            className={classes.dragLabel}
            style={{ left: drag.drag.pointer.x, top: drag.drag.pointer.y }}
            aria-hidden
          >
            <Text size="sm" fw={700}>
              {cardName(drag.drag.card)}
            </Text>
          </Paper>
        ) : null}
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
      <VisuallyHidden id={instructionsId}>{t('drag.instructions')}</VisuallyHidden>
      <VisuallyHidden role="status" aria-live="assertive" aria-atomic data-testid="drag-announcer">
        {drag.announcement}
      </VisuallyHidden>
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
