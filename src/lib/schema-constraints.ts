import { safeParse, type core } from 'zod/mini';

/** What a form input can tell the user before they type: read from the contract, never restated. */
export interface FieldConstraints {
  required: boolean;
  maxLength?: number;
}

interface Inspectable {
  _zod: {
    def: {
      type: string;
      innerType?: Inspectable;
      in?: Inspectable;
      out?: Inspectable;
      checks?: { _zod: { def: { check: string; maximum?: unknown } } }[];
    };
  };
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

/** For a schema of zod or of zod/mini (the sign-in fields), which has no `maxLength` getter. */
export function fieldConstraints(schema: core.$ZodType | undefined): FieldConstraints {
  if (!schema) return { required: false };
  const inner = innermost(schema);
  const constraints: FieldConstraints = { required: !safeParse(schema, undefined).success };
  if (inner._zod.def.type !== 'string') return constraints;
  const maxima = (inner._zod.def.checks ?? [])
    .map((check) => check._zod.def)
    .flatMap((def) =>
      def.check === 'max_length' && typeof def.maximum === 'number' ? [def.maximum] : [],
    );
  if (maxima.length > 0) constraints.maxLength = Math.min(...maxima);
  return constraints;
}
