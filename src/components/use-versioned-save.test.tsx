import { TextInput } from '@mantine/core';
import { onlineManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Merchant, MerchantCreate, MerchantUpdate } from '../../contract/merchants.ts';
import { merchants } from '@/features/merchants/resource';
import { useZodForm } from '@/lib/use-zod-form';
import { fail, ok } from '@/test/msw/envelope';
import { makeMerchants } from '@/test/msw/merchants';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import { StaleVersionDialog } from './stale-version-dialog';
import { useVersionedSave } from './use-versioned-save';

const server = setupMswServer();
const mine = { ...makeMerchants(1)[0]!, name: 'Shah Textiles', city: 'Surat', version: 3 };
const theirs: Merchant = { ...mine, city: 'Ahmedabad', version: 4 };
let puts: Record<string, unknown>[];

type Values = { name: string; city: string };
const toValues = (merchant: Merchant): Values => ({
  name: merchant.name,
  city: merchant.city ?? '',
});

/** The smallest form on the hook: a merchant's name and city. */
function MerchantForm({ merchant, onSaved }: { merchant: Merchant | null; onSaved: () => void }) {
  const form = useZodForm<Values, MerchantCreate>({
    schema: z.object({ name: z.string().min(1), city: z.string() }),
    namespace: 'merchants',
    initialValues: merchant ? toValues(merchant) : { name: '', city: '' },
  });
  const create = merchants.useCreate();
  const update = merchants.useUpdate();
  const saving = useVersionedSave({
    form,
    record: merchant,
    write: (body, version, callbacks) => {
      if (merchant) {
        const versioned = { ...body, version } as MerchantUpdate;
        update.mutate({ id: merchant._id, body: versioned }, callbacks);
      } else {
        create.mutate(body, callbacks);
      }
    },
    toValues,
    failureKey: merchant ? 'merchants:errors.update' : 'merchants:errors.create',
    onSaved,
  });
  return (
    <form onSubmit={saving.onSubmit} noValidate>
      {saving.failure ? <p role="alert">{saving.failure}</p> : null}
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="City" {...form.getInputProps('city')} />
      <button type="submit">Save</button>
      {saving.conflict ? (
        <StaleVersionDialog
          namespace="merchants"
          fields={[{ name: 'name' }, { name: 'city' }]}
          {...saving.conflict}
        />
      ) : null}
    </form>
  );
}

beforeEach(() => {
  signInTestUser();
  localStorage.clear();
  puts = [];
  server.use(
    http.put('*/api/merchants/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      return ok({ ...mine, ...body, version: Number(body.version) + 1 });
    }),
    http.post('*/api/merchants', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      return ok({ ...mine, ...body, version: 1 }, 'Merchant created', 201);
    }),
  );
});

afterEach(() => onlineManager.setOnline(true));

function renderForm(merchant: Merchant | null = mine, queryClient = createTestQueryClient()) {
  const onSaved = vi.fn();
  const view = renderWithProviders(<MerchantForm merchant={merchant} onSaved={onSaved} />, {
    queryClient,
  });
  const city = () => screen.getByRole('textbox', { name: 'City' });
  return { ...view, onSaved, city };
}

async function typeCity({ user, city }: ReturnType<typeof renderForm>, text: string) {
  await user.clear(city());
  await user.type(city(), text);
  await user.click(screen.getByRole('button', { name: 'Save' }));
}

/** The first save meets a newer record; saves after it go through. */
function refuseFirstAsStale() {
  let refused = false;
  server.use(
    http.put('*/api/merchants/:id', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      puts.push(body);
      if (refused) return ok({ ...theirs, ...body, version: Number(body.version) + 1 });
      refused = true;
      return fail(409, 'Stale version', undefined, 'stale_version', theirs);
    }),
  );
}

describe('useVersionedSave', () => {
  it('sends the version it read and reports the save', async () => {
    const view = renderForm();
    await typeCity(view, 'Vadodara');
    await waitFor(() => expect(view.onSaved).toHaveBeenCalledTimes(1));
    expect(puts).toEqual([{ name: 'Shah Textiles', city: 'Vadodara', version: 3 }]);
  });

  it('creates without a version', async () => {
    const view = renderForm(null);
    await view.user.type(screen.getByRole('textbox', { name: 'Name' }), 'Patel Prints');
    await typeCity(view, 'Surat');
    await waitFor(() => expect(view.onSaved).toHaveBeenCalledTimes(1));
  });

  it('reports a save queued offline as saved', async () => {
    const client = createTestQueryClient();
    const view = renderForm(mine, client);
    onlineManager.setOnline(false);
    await typeCity(view, 'Vadodara');
    await waitFor(() => expect(view.onSaved).toHaveBeenCalledTimes(1));
    expect(puts).toEqual([]);
    // Not sent when the test goes online again.
    client.getMutationCache().clear();
  });

  it('puts field errors on their fields and says what belongs to none', async () => {
    server.use(
      http.put('*/api/merchants/:id', () =>
        fail(400, 'Invalid', [
          { path: 'city', code: 'too_long', params: { maximum: 3 }, message: 'Too long' },
          { path: 'version', code: 'invalid_type', message: 'Bad version' },
        ]),
      ),
    );
    const view = renderForm();
    await typeCity(view, 'Vadodara');
    await waitFor(() => expect(view.city()).toHaveAttribute('aria-invalid', 'true'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update merchant');
    expect(view.city()).toHaveValue('Vadodara');
    expect(view.onSaved).not.toHaveBeenCalled();
  });

  it('keeps the input and says why when the save fails', async () => {
    server.use(http.put('*/api/merchants/:id', () => fail(500, 'boom')));
    const view = renderForm();
    await typeCity(view, 'Vadodara');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update merchant');
    expect(view.city()).toHaveValue('Vadodara');
    expect(view.onSaved).not.toHaveBeenCalled();
  });

  it('shows theirs next to mine when someone saved first, and "Keep mine" saves over theirs', async () => {
    refuseFirstAsStale();
    const view = renderForm();
    await typeCity(view, 'Vadodara');
    const conflict = await screen.findByRole('dialog', {
      name: 'Someone else saved this record first',
    });
    const row = within(within(conflict).getByRole('table')).getAllByRole('row')[1]!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['City', 'Ahmedabad', 'Vadodara']);
    expect(view.onSaved).not.toHaveBeenCalled();

    await view.user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(view.onSaved).toHaveBeenCalledTimes(1));
    expect(puts).toEqual([
      { name: 'Shah Textiles', city: 'Vadodara', version: 3 },
      { name: 'Shah Textiles', city: 'Vadodara', version: 4 },
    ]);
  });

  it('"Use theirs" loads their record into the form and saves nothing', async () => {
    refuseFirstAsStale();
    const view = renderForm();
    await typeCity(view, 'Vadodara');
    const conflict = await screen.findByRole('dialog', {
      name: 'Someone else saved this record first',
    });
    await view.user.click(within(conflict).getByRole('button', { name: 'Use theirs' }));
    await waitFor(() => expect(view.city()).toHaveValue('Ahmedabad'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts).toHaveLength(1);
    expect(view.onSaved).not.toHaveBeenCalled();

    // The next save is made over their version.
    await typeCity(view, 'Anand');
    await waitFor(() => expect(view.onSaved).toHaveBeenCalledTimes(1));
    expect(puts[1]).toEqual({ name: 'Shah Textiles', city: 'Anand', version: 4 });
  });
});
