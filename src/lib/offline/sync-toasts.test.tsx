import { onlineManager } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { SyncToastLevel } from '../../../contract/auth.ts';
import { useAuthStore } from '@/stores/auth';
import { testSession } from '@/test/fixtures';
import { fail, ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { createTestWrapper } from '@/test/render';
import { thingResource } from '@/test/test-resource';
import { showsSyncToast, type SyncToastKind } from './sync-toasts';

const gizmos = thingResource('sync-gizmos');
const QUEUED = 'Saved on this device. It will be sent when the connection returns.';
// Worded in the startup texts: a write replayed after a reload lands before its area's texts.
const SYNCED = 'Sent: Change';
// The answer to a save the user is watching, in the area's own words.
const SAVED = 'Merchant created successfully';
const REFUSED = 'Failed to create merchant';

setupMswServer(
  http.post('/api/sync-gizmos', async ({ request }) => {
    const body = (await request.json()) as { name: string };
    if (body.name === 'Refused') return fail(400, 'Validation failed');
    return ok({ _id: `id-${body.name}`, name: body.name }, 'Created', 201);
  }),
);

afterEach(() => {
  onlineManager.setOnline(true);
  act(() => toast.remove());
});

function signInWith(level: SyncToastLevel) {
  const session = testSession();
  useAuthStore.getState().setSession({
    ...session,
    user: { ...session.user, notifications: { syncToasts: level, dailyDigest: false } },
  });
}

describe('showsSyncToast', () => {
  const cases: [SyncToastLevel, Record<SyncToastKind, boolean>][] = [
    ['all', { queued: true, synced: true, problem: true }],
    ['problems', { queued: false, synced: false, problem: true }],
    ['none', { queued: false, synced: false, problem: false }],
  ];
  it.each(cases)('at "%s"', (level, expected) => {
    for (const kind of ['queued', 'synced', 'problem'] as const) {
      expect(showsSyncToast(kind, level)).toBe(expected[kind]);
    }
  });

  it("follows the signed-in user's choice, and shows everything before they chose", () => {
    useAuthStore.getState().clearSession();
    expect(showsSyncToast('synced')).toBe(true);
    signInWith('problems');
    expect(showsSyncToast('synced')).toBe(false);
    expect(showsSyncToast('problem')).toBe(true);
  });
});

/** A write made offline and sent once the connection returns, as the user's level allows. */
async function queueAndSync(level: SyncToastLevel, name: string) {
  signInWith(level);
  const { wrapper } = createTestWrapper();
  const { result } = renderHook(() => gizmos.useCreate(), { wrapper });
  onlineManager.setOnline(false);
  act(() => result.current.mutate({ name }));
  act(() => onlineManager.setOnline(true));
  await waitFor(() => expect(result.current.isIdle || result.current.isPending).toBe(false));
}

describe('background-sync toasts', { timeout: 15_000 }, () => {
  it('at "all": says the write was queued and then that it was sent', async () => {
    await queueAndSync('all', 'Queued');
    expect(await screen.findByText(QUEUED)).toBeInTheDocument();
    expect(await screen.findByText(SYNCED)).toBeInTheDocument();
  });

  it('at "all": reports a queued write the server refused', async () => {
    await queueAndSync('all', 'Refused');
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
  });

  it('at "problems": stays quiet about queued and sent writes', async () => {
    await queueAndSync('problems', 'Queued');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(QUEUED)).not.toBeInTheDocument();
    expect(screen.queryByText(SYNCED)).not.toBeInTheDocument();
  });

  it('at "problems": still reports a queued write the server refused', async () => {
    await queueAndSync('problems', 'Refused');
    expect(await screen.findByText(REFUSED)).toBeInTheDocument();
    expect(screen.queryByText(QUEUED)).not.toBeInTheDocument();
  });

  it('at "none": shows nothing, not even a refusal', async () => {
    await queueAndSync('none', 'Refused');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByText(QUEUED)).not.toBeInTheDocument();
    expect(screen.queryByText(REFUSED)).not.toBeInTheDocument();
  });

  it('at "none": still answers a save made online, which is not a background sync', async () => {
    signInWith('none');
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(() => gizmos.useCreate(), { wrapper });
    act(() => result.current.mutate({ name: 'Online' }));
    expect(await screen.findByText(SAVED)).toBeInTheDocument();
  });
});
