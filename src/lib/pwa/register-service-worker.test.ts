import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetDirtyForms, startDirtyFormTracking } from './dirty-forms';
import { registerServiceWorker } from './register-service-worker';

type Listener = (event: { isUpdate?: boolean; isExternal?: boolean }) => void;

function fakeWorkbox(registration: Promise<unknown> = Promise.resolve(undefined)) {
  const listeners = new Map<string, Listener[]>();
  const workbox = {
    addEventListener: vi.fn((type: string, listener: Listener) => {
      listeners.set(type, [...(listeners.get(type) ?? []), listener]);
    }),
    register: vi.fn(() => registration),
    messageSkipWaiting: vi.fn(),
    update: vi.fn(() => Promise.resolve()),
  };
  const emit = (type: string, event: { isUpdate?: boolean; isExternal?: boolean } = {}) => {
    for (const listener of listeners.get(type) ?? []) listener(event);
  };
  return { workbox, emit };
}

function setup(registration?: Promise<unknown>) {
  const { workbox, emit } = fakeWorkbox(registration);
  const handlers = { onNeedRefresh: vi.fn(), onOfflineReady: vi.fn(), reload: vi.fn() };
  const stop = registerServiceWorker(handlers, () => workbox as never);
  return { workbox, emit, handlers, stop };
}

afterEach(() => {
  resetDirtyForms();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('registerServiceWorker', () => {
  it('registers the worker and announces first-time offline readiness', () => {
    const { workbox, emit, handlers, stop } = setup();
    expect(workbox.register).toHaveBeenCalledTimes(1);
    emit('installed', { isUpdate: false });
    expect(handlers.onOfflineReady).toHaveBeenCalledTimes(1);
    emit('installed', { isUpdate: true });
    expect(handlers.onOfflineReady).toHaveBeenCalledTimes(1);
    stop();
  });

  it('asks before updating; "Update Now" activates the waiting worker and reloads', () => {
    const { workbox, emit, handlers, stop } = setup();
    emit('waiting');
    expect(handlers.onNeedRefresh).toHaveBeenCalledTimes(1);
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    const applyUpdate = handlers.onNeedRefresh.mock.calls[0]?.[0] as () => void;
    applyUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    emit('controlling', { isUpdate: true });
    expect(handlers.reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('"Update Now" reloads even over a half-filled form, because the user chose it', () => {
    startDirtyFormTracking();
    document.body.innerHTML = '<form><input name="name" /></form>';
    document.querySelector('input')?.dispatchEvent(new Event('input', { bubbles: true }));
    const { emit, handlers, stop } = setup();
    emit('waiting');
    (handlers.onNeedRefresh.mock.calls[0]?.[0] as () => void)();
    emit('controlling', { isUpdate: true });
    expect(handlers.reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('an update activated elsewhere waits for the half-filled form to be submitted', () => {
    startDirtyFormTracking();
    document.body.innerHTML = '<form><input name="name" /></form>';
    const form = document.querySelector('form');
    document.querySelector('input')?.dispatchEvent(new Event('input', { bubbles: true }));
    const { emit, handlers, stop } = setup();
    emit('controlling', { isExternal: true });
    expect(handlers.reload).not.toHaveBeenCalled();
    form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    expect(handlers.reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('an update activated elsewhere reloads at once when no form is dirty', () => {
    const { emit, handlers, stop } = setup();
    emit('controlling', { isExternal: true });
    expect(handlers.reload).toHaveBeenCalledTimes(1);
    stop();
  });

  it('only logs a failed registration', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { stop } = setup(Promise.reject(new Error('blocked')));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
    stop();
  });
});
