import { dehydrate, hydrate, onlineManager, QueryClient } from '@tanstack/react-query';
import { act, renderHook, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Merchant } from '../../contract/merchants.ts';
import { persistOptions } from '@/lib/app-query-client';
import { overwriteStaleWrite, queuedWrites, queuedWriteState } from '@/lib/offline/write-queue';
import { registerMutationDefaults } from '@/lib/resource-factory';
import { registeredWriteKeys } from '@/lib/resource-writes';
import { merchants } from '@/features/merchants/resource';
import { createMerchantsFake, makeMerchants, type MerchantsFake } from '@/test/msw/merchants';
import { NEW_MERCHANT } from '@/test/fixtures';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { createTestQueryClient, createTestWrapper, renderWithProviders } from '@/test/render';
import { PendingChanges } from './offline-status';

const server = setupMswServer();
let fake: MerchantsFake;
let merchant: Merchant;

beforeEach(() => {
  signInTestUser();
  merchant = { ...makeMerchants(1)[0]!, city: 'Surat' };
  fake = createMerchantsFake({ merchants: [merchant] });
  server.use(...fake.handlers);
});

afterEach(() => onlineManager.setOnline(true));

/**
 * On a tablet without network: a city change to the merchant and a new merchant wait in the
 * queue. Meanwhile the office saves the same merchant. Then the network returns.
 */
async function replayOverNewerRecord() {
  const client = createTestQueryClient();
  const { wrapper } = createTestWrapper({ queryClient: client });
  onlineManager.setOnline(false);
  const update = renderHook(() => merchants.useUpdate(), { wrapper });
  const create = renderHook(() => merchants.useCreate(), { wrapper });
  act(() =>
    update.result.current.mutate({
      id: merchant._id,
      body: { city: 'Vadodara', version: merchant.version },
    }),
  );
  act(() => create.result.current.mutate(NEW_MERCHANT));
  await waitFor(() => expect(queuedWrites(client)).toHaveLength(2));
  // The forms that made them are gone, as when the user moved on; the queue holds the writes.
  update.unmount();
  create.unmount();

  fake.changeElsewhere(merchant._id, { city: 'Ahmedabad' });
  onlineManager.setOnline(true);
  await client.resumePausedMutations();

  const view = renderWithProviders(<PendingChanges />, { queryClient: client });
  return { client, ...view };
}

async function openPanel(user: ReturnType<typeof renderWithProviders>['user']) {
  await user.click(await screen.findByRole('button', { name: '1 change waiting to sync' }));
  const panel = await screen.findByRole('dialog', { name: 'Pending changes' });
  const [entry] = within(panel).getAllByTestId('pending-change');
  return within(entry!);
}

describe('a queued change replayed against a newer record', () => {
  it('stays in the pending changes, marked, while the other queued writes go through', async () => {
    const { client, user } = await replayOverNewerRecord();
    await waitFor(() => expect(fake.merchants.map((m) => m.name)).toContain('Navrang Prints'));
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(1));
    expect(queuedWriteState(queuedWrites(client)[0]!)).toBe('stale');
    // Neither lost nor silently applied.
    expect(fake.merchants.find((m) => m._id === merchant._id)).toMatchObject({
      city: 'Ahmedabad',
      version: 2,
    });

    const entry = await openPanel(user);
    expect(entry.getByText('Merchant changed')).toBeInTheDocument();
    expect(entry.getByText('Changed by someone else')).toBeInTheDocument();
    expect(entry.getByRole('button', { name: 'Discard mine' })).toBeInTheDocument();
  });

  it('"Overwrite with mine" sends it again over the stored version', async () => {
    const { client, user } = await replayOverNewerRecord();
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(1));
    const entry = await openPanel(user);
    await user.click(entry.getByRole('button', { name: 'Overwrite with mine' }));

    await waitFor(() => expect(queuedWrites(client)).toHaveLength(0));
    expect(fake.merchants.find((m) => m._id === merchant._id)).toMatchObject({
      city: 'Vadodara',
      version: 3,
    });
    const puts = fake.requestsOf('PUT');
    expect(puts.map((put) => (put.body as { version: number }).version)).toEqual([1, 2]);
    expect(puts[1]?.headers.get('Idempotency-Key')).not.toBe(
      puts[0]?.headers.get('Idempotency-Key'),
    );
  });

  it('"Discard mine" drops it and keeps what was saved meanwhile', async () => {
    const { client, user } = await replayOverNewerRecord();
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(1));
    const entry = await openPanel(user);
    await user.click(entry.getByRole('button', { name: 'Discard mine' }));

    await waitFor(() => expect(queuedWrites(client)).toHaveLength(0));
    expect(fake.requestsOf('PUT')).toHaveLength(1);
    expect(fake.merchants.find((m) => m._id === merchant._id)).toMatchObject({
      city: 'Ahmedabad',
      version: 2,
    });
  });

  it('is still there, with the same choice, after the app is reloaded', async () => {
    const { client, unmount } = await replayOverNewerRecord();
    await waitFor(() => expect(queuedWrites(client)).toHaveLength(1));
    const saved = JSON.parse(
      JSON.stringify(dehydrate(client, persistOptions.dehydrateOptions)),
    ) as ReturnType<typeof dehydrate>;
    unmount();
    client.clear();

    const reloaded = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    registerMutationDefaults(reloaded);
    hydrate(reloaded, saved);
    const [restored] = queuedWrites(reloaded);
    expect(restored && queuedWriteState(restored)).toBe('stale');
    await overwriteStaleWrite(restored!);
    await waitFor(() => expect(queuedWrites(reloaded)).toHaveLength(0));
    expect(fake.merchants.find((m) => m._id === merchant._id)).toMatchObject({
      city: 'Vadodara',
      version: 3,
    });
  });
});

describe('the names of pending changes', () => {
  it('names every write the app can queue, in every language', async () => {
    // Loading the resource modules registers their writes, as a reload with a queue does.
    await import('@/lib/resource-registry');
    const languages = ['en', 'gu', 'hi'] as const;
    const texts = await Promise.all(
      languages.map(
        async (language) =>
          (
            (await import(`../../public/locales/${language}/common.json`)) as {
              default: { offline: { writes: Record<string, Record<string, string>> } };
            }
          ).default.offline.writes,
      ),
    );
    const unnamed = registeredWriteKeys().flatMap(([resource, verb]) =>
      languages
        .filter((_, index) => !texts[index]![String(resource)]?.[String(verb)])
        .map((language) => `${language}: ${String(resource)}.${String(verb)}`),
    );

    expect(unnamed).toEqual([]);
  });
});
