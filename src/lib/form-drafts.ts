import { getUserId } from '@/stores/auth';

/** What a create form had typed when it was left without saving. */
export interface FormDraft<Values> {
  values: Values;
  savedAt: number;
}

const PREFIX = 'karkhana:draft:';
// A draft older than this is more likely forgotten than wanted.
const DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

// Per signed-in user: a shared tablet must not offer one person's half-typed order to another.
function draftKey(formId: string): string | undefined {
  const userId = getUserId();
  return userId ? `${PREFIX}${userId}:${formId}` : undefined;
}

export function loadDraft<Values>(formId: string): FormDraft<Values> | undefined {
  const key = draftKey(formId);
  if (!key) return undefined;
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as FormDraft<Values>;
    if (typeof draft.savedAt !== 'number' || Date.now() - draft.savedAt > DRAFT_MAX_AGE_MS) {
      localStorage.removeItem(key);
      return undefined;
    }
    return draft;
  } catch {
    return undefined;
  }
}

export function saveDraft<Values>(formId: string, values: Values): void {
  const key = draftKey(formId);
  if (!key) return;
  try {
    localStorage.setItem(key, JSON.stringify({ values, savedAt: Date.now() }));
  } catch {
    // A full or blocked storage only loses the draft, never the form on screen.
  }
}

export function clearDraft(formId: string): void {
  const key = draftKey(formId);
  if (key) localStorage.removeItem(key);
}

/** Signing out leaves no drafts behind on a shared device. */
export function clearAllDrafts(): void {
  for (let index = localStorage.length - 1; index >= 0; index -= 1) {
    const key = localStorage.key(index);
    if (key?.startsWith(PREFIX)) localStorage.removeItem(key);
  }
}
