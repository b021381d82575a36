import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  INSTALL_DISMISSED_KEY,
  INSTALL_PROMPT_DELAY_MS,
  isRunningStandalone,
  trackPwaEvent,
  useInstallPrompt,
  type BeforeInstallPromptEvent,
} from './install-prompt';

function installEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true }) as BeforeInstallPromptEvent;
  const prompt = vi.fn(() => Promise.resolve());
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) });
  return { event, prompt };
}

function callbacks() {
  return { onAccepted: vi.fn(), onInstalled: vi.fn(), onFailed: vi.fn() };
}

function mockDisplayMode(standalone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: standalone && query === '(display-mode: standalone)',
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  mockDisplayMode(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  delete window.gtag;
  delete (navigator as { standalone?: boolean }).standalone;
});

describe('isRunningStandalone', () => {
  it('is false in an ordinary browser tab', () => {
    expect(isRunningStandalone()).toBe(false);
  });

  it('recognises display-mode standalone', () => {
    mockDisplayMode(true);
    expect(isRunningStandalone()).toBe(true);
  });

  it('recognises iOS home-screen launches', () => {
    (navigator as { standalone?: boolean }).standalone = true;
    expect(isRunningStandalone()).toBe(true);
  });

  it('recognises launches from an Android app', () => {
    vi.spyOn(document, 'referrer', 'get').mockReturnValue('android-app://com.karkhana.app/');
    expect(isRunningStandalone()).toBe(true);
  });
});

describe('useInstallPrompt', () => {
  it('appears 3 s after the browser allows installing, not before', () => {
    const { result } = renderHook(() => useInstallPrompt(callbacks()));
    const { event } = installEvent();
    act(() => {
      window.dispatchEvent(event);
    });
    expect(event.defaultPrevented).toBe(true);
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS - 1);
    });
    expect(result.current.visible).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current.visible).toBe(true);
  });

  it('stays hidden when the app already runs standalone', () => {
    mockDisplayMode(true);
    const { result } = renderHook(() => useInstallPrompt(callbacks()));
    act(() => {
      window.dispatchEvent(installEvent().event);
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS * 2);
    });
    expect(result.current.visible).toBe(false);
  });

  it('stays hidden for the rest of the session once dismissed', () => {
    sessionStorage.setItem(INSTALL_DISMISSED_KEY, 'true');
    const { result } = renderHook(() => useInstallPrompt(callbacks()));
    act(() => {
      window.dispatchEvent(installEvent().event);
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS * 2);
    });
    expect(result.current.visible).toBe(false);
  });

  it('dismissing hides the card, sets the session flag and reports the event', () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    const { result } = renderHook(() => useInstallPrompt(callbacks()));
    act(() => {
      window.dispatchEvent(installEvent().event);
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    act(() => result.current.dismiss());
    expect(result.current.visible).toBe(false);
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');
    expect(gtag).toHaveBeenCalledWith('event', 'pwa_install_dismissed', expect.any(Object));
  });

  it('installing shows the browser prompt, reports acceptance and hides the card', async () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    const handlers = callbacks();
    const { result } = renderHook(() => useInstallPrompt(handlers));
    const { event, prompt } = installEvent('accepted');
    act(() => {
      window.dispatchEvent(event);
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    await act(() => result.current.install());
    expect(prompt).toHaveBeenCalledTimes(1);
    expect(handlers.onAccepted).toHaveBeenCalledTimes(1);
    expect(gtag).toHaveBeenCalledWith('event', 'pwa_install', expect.any(Object));
    expect(result.current.visible).toBe(false);
  });

  it('a declined browser prompt hides the card without a success message', async () => {
    const handlers = callbacks();
    const { result } = renderHook(() => useInstallPrompt(handlers));
    act(() => {
      window.dispatchEvent(installEvent('dismissed').event);
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    await act(() => result.current.install());
    expect(handlers.onAccepted).not.toHaveBeenCalled();
    expect(result.current.visible).toBe(false);
  });

  it('a failing browser prompt reports the failure', async () => {
    const handlers = callbacks();
    const { result } = renderHook(() => useInstallPrompt(handlers));
    const { event, prompt } = installEvent();
    prompt.mockRejectedValueOnce(new Error('not allowed'));
    act(() => {
      window.dispatchEvent(event);
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    await act(() => result.current.install());
    expect(handlers.onFailed).toHaveBeenCalledTimes(1);
    expect(result.current.visible).toBe(false);
  });

  it('hides the card and reports when the app gets installed', () => {
    const handlers = callbacks();
    const { result } = renderHook(() => useInstallPrompt(handlers));
    act(() => {
      window.dispatchEvent(installEvent().event);
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(result.current.visible).toBe(false);
    expect(handlers.onInstalled).toHaveBeenCalledTimes(1);
  });
});

describe('trackPwaEvent', () => {
  it('does nothing when the page has no analytics function', () => {
    expect(() => trackPwaEvent('pwa_install')).not.toThrow();
  });
});
