import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_DISMISSED_KEY, INSTALL_PROMPT_DELAY_MS } from '@/lib/pwa/install-prompt';
import { renderWithProviders } from '@/test/render';
import { InstallPromptCard } from './install-prompt-card';

function fireInstallable(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  Object.assign(event, {
    prompt: () => Promise.resolve(),
    userChoice: Promise.resolve({ outcome }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('InstallPromptCard', () => {
  it('appears after the delay with the spec texts', () => {
    renderWithProviders(<InstallPromptCard />);
    fireInstallable();
    expect(screen.queryByText('Install Karkhana')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    expect(screen.getByRole('dialog', { name: 'Install Karkhana' })).toBeInTheDocument();
    expect(
      screen.getByText('Get the full app experience with offline access and faster loading.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Install App' })).toBeInTheDocument();
  });

  it.each(['Not now', 'Dismiss'])('"%s" hides it and sets the session flag', async (label) => {
    const { user } = renderWithProviders(<InstallPromptCard />);
    fireInstallable();
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    await user.click(screen.getByRole('button', { name: label }));
    expect(screen.queryByText('Install Karkhana')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');
  });

  it('an accepted install shows the installing toast with its description', async () => {
    const { user } = renderWithProviders(<InstallPromptCard />);
    fireInstallable('accepted');
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    await user.click(screen.getByRole('button', { name: 'Install App' }));
    expect(await screen.findByText('Installing Karkhana...')).toBeInTheDocument();
    expect(
      screen.getByText('The app will be available on your home screen shortly.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Install Karkhana' })).not.toBeInTheDocument();
  });

  it('the installed event shows the success toast', async () => {
    renderWithProviders(<InstallPromptCard />);
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(await screen.findByText('Karkhana installed successfully!')).toBeInTheDocument();
    expect(
      screen.getByText('You can now access the app from your home screen.'),
    ).toBeInTheDocument();
  });
});
