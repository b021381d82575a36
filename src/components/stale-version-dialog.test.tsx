import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Merchant } from '../../contract/merchants.ts';
import { MerchantFormModal } from '@/features/merchants/components/merchant-form-modal';
import { createMerchantsFake, makeMerchants, type MerchantsFake } from '@/test/msw/merchants';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { conflictRows, findConflictDialog } from '@/test/conflict-dialog';
import { renderWithProviders } from '@/test/render';
import { changedFields, sameValue } from './stale-version-dialog';

const server = setupMswServer();
let fake: MerchantsFake;
let merchant: Merchant;

beforeEach(() => {
  signInTestUser();
  localStorage.clear();
  merchant = { ...makeMerchants(1)[0]!, city: 'Surat', phone: '+91 98250 11111' };
  fake = createMerchantsFake({ merchants: [merchant] });
  server.use(...fake.handlers);
});

/** This user opens the merchant, someone else saves it, then this user saves a new city. */
async function saveOverSomeoneElse() {
  const onClose = vi.fn();
  const view = renderWithProviders(<MerchantFormModal record={merchant} onClose={onClose} />);
  const form = screen.getByRole('dialog', { name: 'Edit merchant' });
  fake.changeElsewhere(merchant._id, { city: 'Ahmedabad', notes: 'Call before noon' });

  const city = within(form).getByRole('textbox', { name: 'City' });
  await view.user.clear(city);
  await view.user.type(city, 'Vadodara');
  await view.user.click(within(form).getByRole('button', { name: 'Save' }));
  const conflict = await findConflictDialog();
  return { ...view, onClose, form, conflict };
}

describe('a save that someone else got in before', () => {
  it('keeps the form open and lists what they changed next to what this user typed', async () => {
    const { form, conflict, onClose } = await saveOverSomeoneElse();
    expect(conflictRows(conflict)).toEqual([
      ['City', 'Ahmedabad', 'Vadodara'],
      ['Notes', 'Call before noon', '(empty)'],
    ]);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(form).getByRole('textbox', { name: 'City' })).toHaveValue('Vadodara');
    // The refused save changed nothing.
    expect(fake.merchants[0]).toMatchObject({ city: 'Ahmedabad', version: 2 });
  });

  it('"Keep mine" sends this user’s values again over the current version', async () => {
    const { user, conflict, onClose } = await saveOverSomeoneElse();
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    const puts = fake.requestsOf('PUT');
    expect(puts.map((put) => (put.body as { version: number }).version)).toEqual([1, 2]);
    expect(fake.merchants[0]).toMatchObject({ city: 'Vadodara', version: 3 });
  });

  it('"Use theirs" loads the current record into the form and drops this user’s edits', async () => {
    const { user, form, conflict, onClose } = await saveOverSomeoneElse();
    await user.click(within(conflict).getByRole('button', { name: 'Use theirs' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Someone else saved this record first' }),
      ).toBeNull(),
    );
    expect(within(form).getByRole('textbox', { name: 'City' })).toHaveValue('Ahmedabad');
    expect(within(form).getByRole('textbox', { name: 'Notes' })).toHaveValue('Call before noon');
    expect(onClose).not.toHaveBeenCalled();
    expect(fake.requestsOf('PUT')).toHaveLength(1);

    // A save from here is a save over the version it now shows.
    await user.clear(within(form).getByRole('textbox', { name: 'Notes' }));
    await user.type(within(form).getByRole('textbox', { name: 'Notes' }), 'Call after noon');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(fake.merchants[0]).toMatchObject({
      city: 'Ahmedabad',
      notes: 'Call after noon',
      version: 3,
    });
  });
});

describe('what counts as changed', () => {
  it('treats empty inputs alike and numbers by value, and names only differing fields', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue('12.50', 12.5)).toBe(true);
    expect(sameValue('Surat', 'Surat ')).toBe(true);
    expect(sameValue('Surat', 'Pune')).toBe(false);
    expect(sameValue(false, null)).toBe(false);
    const fields = [{ name: 'city' }, { name: 'phone' }, { name: 'notes' }];
    expect(
      changedFields(
        fields,
        { city: 'Surat', phone: '', notes: null },
        { city: 'Pune', phone: null, notes: null },
      ).map((field) => field.name),
    ).toEqual(['city']);
  });
});
