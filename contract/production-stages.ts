import { z } from 'zod';
import { id, recordBase, recordVersion, requiredText } from './common.ts';
import type { LANGUAGES } from './preferences.ts';

/*
 * The shop floor is an organization's production stages (here), one job card per order line
 * moving through them (job-cards.ts), production entries ("log work") that roll up onto the cards
 * (production-entries.ts), and the piece-rate wages they earn (worker-wages.ts).
 *
 * Stages: `/api/production/stages`, read with `production.read` and replaced with
 * `organization.write`.
 */

/**
 * What every organization starts with, named in the language its owner signed up in (the
 * migration gave organizations made before that the English names).
 */
export const DEFAULT_PRODUCTION_STAGE_NAMES = {
  en: ['Design punching', 'Machine embroidery', 'Thread cutting', 'Checking', 'Packing'],
  gu: ['ડિઝાઇન પંચિંગ', 'મશીન એમ્બ્રોઇડરી', 'દોરા કટિંગ', 'ચકાસણી', 'પેકિંગ'],
  hi: ['डिज़ाइन पंचिंग', 'मशीन कढ़ाई', 'धागा कटिंग', 'जाँच', 'पैकिंग'],
} as const satisfies Record<(typeof LANGUAGES)[number], readonly string[]>;

export const DEFAULT_PRODUCTION_STAGES = DEFAULT_PRODUCTION_STAGE_NAMES.en;

export const STAGE_NAME_MAX = 60;
export const STAGES_MIN = 1;
export const STAGES_MAX = 20;

export const productionStage = z.object({
  ...recordBase,
  name: z.string(),
  /** 0-based place in the organization's order; the last stage is where a card finishes. */
  position: z.number().int(),
  /** Cards now in this stage; a stage with cards cannot be removed. */
  cardCount: z.number().int(),
});
export type ProductionStage = z.infer<typeof productionStage>;

/** `GET /api/production/stages`: `data` is `{ data: ProductionStage[] }`, by position. */
export const productionStageList = z.object({ data: z.array(productionStage) });
export type ProductionStageList = z.infer<typeof productionStageList>;

/**
 * One stage of the list a `PUT` sends: an existing stage by its `_id` (renamed and/or moved), or
 * a new one without `_id`. `version`, when given, must be the stored one (409 `stale_version`).
 */
const productionStageInput = z.strictObject({
  _id: id.optional(),
  name: requiredText(STAGE_NAME_MAX),
  version: recordVersion.optional(),
  // Accepted so a client can send back what it read; the server sets them.
  organizationId: z.unknown().optional(),
  position: z.unknown().optional(),
  cardCount: z.unknown().optional(),
  createdAt: z.unknown().optional(),
  updatedAt: z.unknown().optional(),
});

/**
 * `PUT /api/production/stages` replaces the ordered list (1-20 stages, names unique ignoring
 * case, each `_id` at most once). A stored stage missing from the list is removed; one that
 * cards are in is 409 `stage_in_use`. An `_id` that is not one of the organization's stages is
 * 400 `not_found` at `stages.N._id`. Answers like the GET.
 */
export const productionStagesUpdate = z.strictObject({
  stages: z
    .array(productionStageInput)
    .min(STAGES_MIN)
    .max(STAGES_MAX)
    .superRefine((stages, context) => {
      const names = new Set<string>();
      const ids = new Set<string>();
      stages.forEach((stage, index) => {
        const key = stage.name.toLocaleLowerCase('en');
        if (names.has(key)) {
          context.addIssue({
            code: 'custom',
            path: [index, 'name'],
            input: stage.name,
            message: 'duplicateIds',
          });
        }
        names.add(key);
        if (stage._id !== undefined) {
          if (ids.has(stage._id)) {
            context.addIssue({
              code: 'custom',
              path: [index, '_id'],
              input: stage._id,
              message: 'duplicateIds',
            });
          }
          ids.add(stage._id);
        }
      });
    }),
});
export type ProductionStagesUpdate = z.output<typeof productionStagesUpdate>;
export type ProductionStagesInput = z.input<typeof productionStagesUpdate>;

/** @public Read by scripts/write-audit-entities.ts: each entity and the namespace naming it. */
export const productionStageAuditEntities = { productionStage: 'production' } as const;
