/**
 * Which forms on the page hold input the user has not submitted yet. Tracked from DOM events so
 * every form in the app counts without each one having to report itself; a reload the user did
 * not ask for must wait while any of them is dirty.
 */
const dirtyForms = new Set<HTMLFormElement>();
const cleanListeners = new Set<() => void>();
let tracking = false;

// Filters and searches live in the URL and survive a reload, so typing into them loses nothing.
function isTrackedForm(form: HTMLFormElement) {
  return form.getAttribute('role') !== 'search' && !form.hasAttribute('data-reload-safe');
}

function onInput(event: Event) {
  const target = event.target;
  if (!(target instanceof Element)) return;
  const form = target.closest('form');
  if (form && isTrackedForm(form)) dirtyForms.add(form);
}

function markClean(event: Event) {
  if (event.target instanceof HTMLFormElement) {
    dirtyForms.delete(event.target);
    if (!hasDirtyForm()) for (const listener of cleanListeners) listener();
  }
}

export function startDirtyFormTracking(doc: Document = document) {
  if (tracking) return;
  tracking = true;
  doc.addEventListener('input', onInput, true);
  doc.addEventListener('change', onInput, true);
  doc.addEventListener('submit', markClean, true);
  doc.addEventListener('reset', markClean, true);
}

function hasDirtyForm(): boolean {
  for (const form of dirtyForms) {
    // A form that left the page (closed modal, navigated away) was abandoned on purpose.
    if (!form.isConnected) dirtyForms.delete(form);
  }
  return dirtyForms.size > 0;
}

/** Calls `listener` once no form is dirty any more (at once when none is). */
export function whenNoDirtyForm(listener: () => void): () => void {
  if (!hasDirtyForm()) {
    listener();
    return () => {};
  }
  const once = () => {
    if (hasDirtyForm()) return;
    cleanListeners.delete(once);
    clearInterval(poll);
    listener();
  };
  cleanListeners.add(once);
  // Leaving a page removes its form without any event, so check now and then as well.
  const poll = setInterval(once, 2000);
  return () => {
    cleanListeners.delete(once);
    clearInterval(poll);
  };
}

/** For tests: forget all tracked forms. */
export function resetDirtyForms() {
  dirtyForms.clear();
  cleanListeners.clear();
}
