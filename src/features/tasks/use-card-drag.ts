import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProductionStage } from '../../../contract/production-stages.ts';
import type { JobCard } from '../../../contract/job-cards.ts';
import { cardName } from './components/job-card-tile';

/** Marks a column or a stage switcher button as a place a dragged card can be dropped. */
export const DROP_STAGE_ATTRIBUTE = 'data-drop-stage';

/** Names the card whose move handle an element is, to give the handle focus after a move. */
const HANDLE_ATTRIBUTE = 'data-card-handle';

/** How far a finger travels before a press on the handle counts as a drag, not a tap. */
const DRAG_THRESHOLD_PX = 8;

export interface CardDrag {
  card: JobCard;
  /** Index in the stage list of where the card would land. */
  targetIndex: number;
  /** Where the pointer is, for the floating label; null for a keyboard drag. */
  pointer: { x: number; y: number } | null;
}

interface PointerStart {
  id: number;
  x: number;
  y: number;
  card: JobCard;
}

function stageUnder(x: number, y: number): string | null {
  const element = document.elementFromPoint(x, y);
  return element?.closest(`[${DROP_STAGE_ATTRIBUTE}]`)?.getAttribute(DROP_STAGE_ATTRIBUTE) ?? null;
}

/**
 * Dragging a card to another stage, by its move handle: with a finger or mouse (pointer events
 * on the handle only, which takes no touch scrolling, so the board still swipes everywhere else)
 * or from the keyboard (Space or Enter picks the card up, arrows choose the stage, Space or Enter
 * drops, Escape cancels). A drop goes through `onMove`, the same versioned move as Back/Next.
 */
export function useCardDrag({
  stages,
  onMove,
  onTarget,
}: {
  stages: readonly ProductionStage[];
  onMove: (card: JobCard, stage: ProductionStage) => void;
  /** The stage a keyboard drag now points at, so the board can bring it into view. */
  onTarget?: (stage: ProductionStage) => void;
}) {
  const { t } = useTranslation('production');
  const [drag, setDrag] = useState<CardDrag | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const start = useRef<PointerStart | null>(null);

  const indexOf = (stageId: string) => stages.findIndex((stage) => stage._id === stageId);

  const finish = (current: CardDrag | null) => {
    setDrag(null);
    if (!current) return;
    const stage = stages[current.targetIndex];
    const name = cardName(current.card);
    if (!stage || stage._id === current.card.stageId) {
      setAnnouncement(t('drag.cancelled', { name }));
      return;
    }
    setAnnouncement(t('drag.dropped', { name, stage: stage.name }));
    onMove(current.card, stage);
    if (!current.pointer) {
      // The card is drawn anew in its new column; the keyboard stays on its handle there.
      const id = current.card._id;
      requestAnimationFrame(() =>
        document.querySelector<HTMLElement>(`[${HANDLE_ATTRIBUTE}="${CSS.escape(id)}"]`)?.focus(),
      );
    }
  };

  const cancel = (card: JobCard) => {
    setDrag(null);
    setAnnouncement(t('drag.cancelled', { name: cardName(card) }));
  };

  const onKeyDown = (card: JobCard, event: KeyboardEvent) => {
    const mine = drag?.card._id === card._id ? drag : null;
    const name = cardName(card);
    if (!mine) {
      if (event.key !== ' ' && event.key !== 'Enter') return;
      event.preventDefault();
      const index = indexOf(card.stageId);
      setDrag({ card, targetIndex: index, pointer: null });
      setAnnouncement(t('drag.pickedUp', { name, stage: stages[index]?.name ?? '' }));
      return;
    }
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (step !== 0) {
      event.preventDefault();
      const targetIndex = Math.min(stages.length - 1, Math.max(0, mine.targetIndex + step));
      const stage = stages[targetIndex];
      setDrag({ ...mine, targetIndex });
      if (stage) {
        setAnnouncement(t('drag.over', { name, stage: stage.name }));
        onTarget?.(stage);
      }
    } else if (event.key === ' ' || event.key === 'Enter') {
      event.preventDefault();
      finish(mine);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      cancel(card);
    }
  };

  const onPointerDown = (card: JobCard, event: PointerEvent<HTMLElement>) => {
    if (event.button !== 0) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start.current = { id: event.pointerId, x: event.clientX, y: event.clientY, card };
  };

  const onPointerMove = (event: PointerEvent<HTMLElement>) => {
    const from = start.current;
    if (!from || from.id !== event.pointerId) return;
    const moved = Math.hypot(event.clientX - from.x, event.clientY - from.y);
    if (!drag && moved < DRAG_THRESHOLD_PX) return;
    const over = stageUnder(event.clientX, event.clientY);
    const overIndex = over === null ? -1 : indexOf(over);
    const current = drag ?? { card: from.card, targetIndex: indexOf(from.card.stageId) };
    if (!drag) {
      setAnnouncement(
        t('drag.pickedUp', {
          name: cardName(from.card),
          stage: stages[current.targetIndex]?.name ?? '',
        }),
      );
    }
    setDrag({
      card: from.card,
      targetIndex: overIndex >= 0 ? overIndex : current.targetIndex,
      pointer: { x: event.clientX, y: event.clientY },
    });
  };

  const onPointerUp = (event: PointerEvent<HTMLElement>) => {
    if (start.current?.id !== event.pointerId) return;
    start.current = null;
    if (drag?.pointer) finish(drag);
  };

  const onPointerCancel = () => {
    start.current = null;
    if (drag?.pointer) cancel(drag.card);
  };

  /** What a card's move handle spreads onto itself. */
  const handleProps = (card: JobCard) => ({
    onKeyDown: (event: KeyboardEvent) => onKeyDown(card, event),
    onPointerDown: (event: PointerEvent<HTMLElement>) => onPointerDown(card, event),
    onPointerMove,
    onPointerUp,
    onPointerCancel,
    // Leaving the handle mid-drag from the keyboard puts the card back.
    onBlur: () => {
      if (drag?.card._id === card._id && !drag.pointer) cancel(card);
    },
    'aria-pressed': drag?.card._id === card._id,
    [HANDLE_ATTRIBUTE]: card._id,
  });

  const targetStageId = drag ? (stages[drag.targetIndex]?._id ?? null) : null;
  return { drag, targetStageId, announcement, handleProps };
}
