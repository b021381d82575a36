import { FLOOR_STAGES } from '@/test/msw/production';

type FloorStage = (typeof FLOOR_STAGES)[number];

/** The test floor's stages by name, in board order; the page tests place their cards in them. */
export const [punching, embroidery, checking] = FLOOR_STAGES as [
  FloorStage,
  FloorStage,
  FloorStage,
];
