import { describe, expect, it } from 'vitest';
import type { KeysOf, NamespaceWith, TranslationKey } from './translation-keys';

// These lines are checked by the typecheck: were keys ever typed as plain strings again, the
// `@ts-expect-error` lines would stop being errors and `npm run typecheck` would fail.
const known: TranslationKey = 'ui:failures.duplicate';
// @ts-expect-error a misspelt key is not a translation key
const misspelt: TranslationKey = 'ui:failures.duplicat';
const areaKey: TranslationKey = 'designs:toast.created';
// @ts-expect-error an area's keys are typed through its augmentation in its resource.ts
const areaMisspelt: TranslationKey = 'designs:toast.createdd';
const plural: KeysOf<'common'> = 'offline.pendingBadge';
// @ts-expect-error `workers` has no deletion toast (a worker's deletion is silent)
const deletionToast: NamespaceWith<'toast.deleted'> = 'workers';

describe('translation keys', () => {
  it('are the English keys as namespace:path, plurals by their base key', () => {
    expect([known, misspelt, areaKey, areaMisspelt, plural, deletionToast]).toHaveLength(6);
  });
});
