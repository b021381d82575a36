import type { z } from 'zod';

/** What a form input can tell the user before they type: read from the contract, never restated. */
export interface FieldConstraints {
  required: boolean;
  maxLength?: number;
}

interface Inspectable {
  _zod: { def: { type: string; innerType?: Inspectable; in?: Inspectable; out?: Inspectable } };
  maxLength?: number | null;
  safeParse(value: unknown): { success: boolean };
}

/** The schema under optional/nullable/default wrappers and trims, transforms and preprocessors. */
function innermost(schema: Inspectable): Inspectable {
  let current = schema;
  for (let depth = 0; depth < 12; depth += 1) {
    const { def } = current._zod;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out) {
      // A preprocess is a pipe from a transform into the schema; a transform, the reverse.
      current = def.in._zod.def.type === 'transform' ? def.out : def.in;
    } else break;
  }
  return current;
}

export function fieldConstraints(schema: z.ZodType | undefined): FieldConstraints {
  if (!schema) return { required: false };
  const inspectable = schema as unknown as Inspectable;
  const inner = innermost(inspectable);
  const constraints: FieldConstraints = { required: !inspectable.safeParse(undefined).success };
  if (typeof inner.maxLength === 'number') constraints.maxLength = inner.maxLength;
  return constraints;
}
