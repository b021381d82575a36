import * as z from 'zod/mini';

// Built with zod/mini, whose functions a bundler can leave out when unused: the sign-in page
// validates with these rules before the rest of zod has loaded. `common.ts` builds the classic
// text schemas from the same checks.

export const LIMITS = {
  name: 120,
  code: 40,
  phone: 20,
  email: 254,
  longText: 1000,
} as const;

/** A surrogate not paired with its other half: not Unicode text, and PostgreSQL cannot store it. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;
/** Text that renders as nothing: whitespace, zero-width space/joiners, word joiner and friends. */
const INVISIBLE_ONLY = /^[\s\u00AD\u180E\u200B-\u200D\u2060-\u2064\uFEFF]*$/u;

export interface TextOptions {
  /** Line breaks and tabs are allowed (addresses, notes, descriptions). */
  multiline?: boolean;
}

const LINE_BREAKS_AND_TAB = new Set([0x09, 0x0a, 0x0d]);

/** C0 controls (tab, line feed and carriage return are allowed where line breaks are), DEL, C1. */
function hasControlCharacter(value: string, options: TextOptions = {}): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f && !(options.multiline && LINE_BREAKS_AND_TAB.has(code))) return true;
    if (code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

export const isInvisibleOnly = (value: string) => INVISIBLE_ONLY.test(value);

/**
 * What any text must be: without control characters or unpaired surrogates. PostgreSQL refuses
 * NUL in text, and the others corrupt what is shown or exported.
 */
export const textContentChecks = (options: TextOptions = {}) => [
  z.refine<string>((value) => !hasControlCharacter(value, options), {
    error: 'controlCharacter',
    abort: true,
  }),
  z.refine<string>((value) => !UNPAIRED_SURROGATE.test(value), {
    error: 'unpairedSurrogate',
    abort: true,
  }),
];

/** Free text and filters: trimmed, then `textContentChecks`. */
export const plainTextChecks = (options: TextOptions = {}) => [
  z.trim(),
  ...textContentChecks(options),
];
