import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { createAccountFake, type AccountFake } from '@/test/msw/account';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { createTestWrapper } from '@/test/render';
import { useLanguageSync } from './use-language-sync';

const server = setupMswServer();
let fake: AccountFake;

beforeEach(async () => {
  createTestWrapper();
  await i18next.changeLanguage('en');
  signInTestUser();
  fake = createAccountFake();
  server.use(...fake.handlers);
});

afterEach(async () => {
  // Unmounted first, so switching back is not itself sent as a switch.
  cleanup();
  await i18next.changeLanguage('en');
});

const languageWrites = () => fake.requestsTo('PUT', '/auth/me').map((request) => request.body);

describe('useLanguageSync', () => {
  it('sends a language switched in the app to the server, once', async () => {
    const { wrapper } = createTestWrapper();
    renderHook(() => useLanguageSync(), { wrapper });
    expect(languageWrites()).toEqual([]);
    await act(() => i18next.changeLanguage('gu'));
    await waitFor(() => expect(languageWrites()).toEqual([{ language: 'gu' }]));
    await waitFor(() => expect(useAuthStore.getState().user?.language).toBe('gu'));
  });

  it('sends nothing when the server already has that language', async () => {
    const { wrapper } = createTestWrapper();
    renderHook(() => useLanguageSync(), { wrapper });
    useAuthStore.setState((state) => ({ user: state.user && { ...state.user, language: 'hi' } }));
    await act(() => i18next.changeLanguage('hi'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(languageWrites()).toEqual([]);
  });

  it('sends nothing while signed out', async () => {
    useAuthStore.getState().clearSession();
    const { wrapper } = createTestWrapper();
    renderHook(() => useLanguageSync(), { wrapper });
    await act(() => i18next.changeLanguage('gu'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(languageWrites()).toEqual([]);
  });
});
