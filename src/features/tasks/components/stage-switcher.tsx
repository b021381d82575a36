import { Badge, Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProductionStage } from '../../../../contract/production-stages.ts';
import classes from '../production-board.module.css';
import { DROP_STAGE_ATTRIBUTE } from '../use-card-drag';

/**
 * On a tablet the board shows one or two stages at a time: every stage's name and card count
 * stay in reach here, a tap scrolls the board to it, and a dragged card can be dropped on one.
 */
export function StageSwitcher({
  stages,
  counts,
  activeStageId,
  targetStageId,
  onSelect,
}: {
  stages: readonly ProductionStage[];
  counts: ReadonlyMap<string, number>;
  /** The stage at the board's left edge. */
  activeStageId: string | null;
  /** Where a dragged card would land. */
  targetStageId: string | null;
  onSelect: (stage: ProductionStage) => void;
}) {
  const { t } = useTranslation('production');
  return (
    <nav aria-label={t('board.stages')} className={classes.switcher}>
      {stages.map((stage) => {
        const count = counts.get(stage._id) ?? 0;
        const active = stage._id === activeStageId;
        return (
          <Button
            key={stage._id}
            {...{ [DROP_STAGE_ATTRIBUTE]: stage._id }}
            variant={active ? 'filled' : 'default'}
            radius="xl"
            mih={44}
            className={stage._id === targetStageId ? classes.dropTarget : undefined}
            aria-current={active ? 'true' : undefined}
            aria-label={t('board.column', { stage: stage.name, count })}
            rightSection={
              <Badge variant={active ? 'white' : 'light'} size="sm" aria-hidden>
                {count}
              </Badge>
            }
            onClick={() => onSelect(stage)}
          >
            {/* The space keeps the name and the count two words for a name checker (and for
                voice control, which matches spoken words against the visible label). */}
            {`${stage.name} `}
          </Button>
        );
      })}
    </nav>
  );
}
