import { act, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INSTALL_DISMISSED_KEY, INSTALL_PROMPT_DELAY_MS } from '@/lib/pwa/install-prompt';
import { renderWithProviders } from '@/test/render';
import { Modal } from '@mantine/core';
import { InstallPromptCard } from './install-prompt-card';
import { InstallPromptProvider } from './install-prompt-provider';

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

function renderCard(extra: ReactNode = null) {
  return renderWithProviders(
    <InstallPromptProvider>
      <InstallPromptCard />
      {extra}
    </InstallPromptProvider>,
  );
}

function PaymentFormStandIn() {
  const [opened, setOpened] = useState(true);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      title="Record payment"
      transitionProps={{ duration: 0 }}
    >
      <button type="button" onClick={() => setOpened(false)}>
        Done
      </button>
    </Modal>
  );
}

function showCard() {
  fireInstallable();
  act(() => {
    vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
  });
}

beforeEach(() => {
  sessionStorage.clear();
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('InstallPromptCard', () => {
  it('appears after the delay with the spec texts', () => {
    renderCard();
    fireInstallable();
    expect(screen.queryByText('Install Karkhana')).not.toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    expect(screen.getByRole('region', { name: 'Install Karkhana' })).toBeInTheDocument();
    expect(
      screen.getByText('Get the full app experience with offline access and faster loading.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Install App' })).toBeInTheDocument();
  });

  it.each(['Not now', 'Dismiss'])('"%s" hides it and sets the session flag', async (label) => {
    const { user } = renderCard();
    fireInstallable();
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    await user.click(screen.getByRole('button', { name: label }));
    expect(screen.queryByText('Install Karkhana')).not.toBeInTheDocument();
    expect(sessionStorage.getItem(INSTALL_DISMISSED_KEY)).toBe('true');
  });

  it('an accepted install shows the installing toast with its description', async () => {
    const { user } = renderCard();
    fireInstallable('accepted');
    act(() => {
      vi.advanceTimersByTime(INSTALL_PROMPT_DELAY_MS);
    });
    await user.click(screen.getByRole('button', { name: 'Install App' }));
    expect(await screen.findByText('Installing Karkhana...')).toBeInTheDocument();
    expect(
      screen.getByText('The app will be available on your home screen shortly.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Install Karkhana' })).not.toBeInTheDocument();
  });

  it('the installed event shows the success toast', async () => {
    renderCard();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    expect(await screen.findByText('Karkhana installed successfully!')).toBeInTheDocument();
    expect(
      screen.getByText('You can now access the app from your home screen.'),
    ).toBeInTheDocument();
  });

  it('sits in the page flow, not fixed over the content', () => {
    renderCard();
    showCard();
    const card = screen.getByRole('region', { name: 'Install Karkhana' });
    expect(getComputedStyle(card).position).not.toBe('fixed');
  });

  it('steps aside while a modal is open and comes back once it closes', async () => {
    const { user } = renderCard(<PaymentFormStandIn />);
    showCard();
    expect(screen.getByRole('dialog', { name: 'Record payment' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Install Karkhana' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(await screen.findByRole('region', { name: 'Install Karkhana' })).toBeInTheDocument();
  });

  it('stays away for the rest of the session once dismissed', async () => {
    const first = renderCard();
    showCard();
    await first.user.click(screen.getByRole('button', { name: 'Not now' }));
    first.unmount();

    renderCard();
    showCard();
    expect(screen.queryByRole('region', { name: 'Install Karkhana' })).not.toBeInTheDocument();
  });
});
