import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkerSalary } from '../../../../contract/worker-salaries.ts';
import type { Worker } from '../../../../contract/workers.ts';
import { renderWithProviders } from '@/test/render';
import { conflictRows, findConflictDialog } from '@/test/conflict-dialog';
import { fail, ok } from '@/test/msw/envelope';
import { TEST_ORGANIZATION_ID, testId } from '@/test/msw/merchants';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, TEST_USER_ID } from '@/test/msw/session';
import { useAuthStore } from '@/stores/auth';
import { SalaryForm } from './salary-form';

const server = setupMswServer();

function makeWorker(n: number, name: string, isActive = true): Worker {
  return {
    _id: testId(500 + n),
    organizationId: TEST_ORGANIZATION_ID,
    version: 1,
    name,
    phone: null,
    address: null,
    designation: null,
    joiningDate: '2022-01-01',
    isActive,
    salaryType: 'monthly',
    baseSalary: 15000,
    createdAt: '2024-01-01T00:00:00.000Z',
    updatedAt: '2024-01-01T00:00:00.000Z',
  };
}

const ramesh = makeWorker(1, 'Ramesh Vasava');
const sita = makeWorker(2, 'Sita Rathod');
const imran = makeWorker(3, 'Imran Ansari', false);

const existing: WorkerSalary = {
  _id: testId(700),
  organizationId: TEST_ORGANIZATION_ID,
  version: 1,
  workerId: imran._id,
  worker: { _id: imran._id, name: imran.name },
  paymentType: 'salary',
  paymentMethod: 'upi',
  month: 1,
  year: 2025,
  paymentDate: '2025-02-01',
  amount: 11700,
  notes: null,
  createdBy: TEST_USER_ID,
  updatedBy: null,
  createdAt: '2025-02-01T10:00:00.000Z',
  updatedAt: '2025-02-01T10:00:00.000Z',
};

interface Sent {
  method: string;
  url: URL;
  body: Record<string, unknown>;
}
let sent: Sent[];

beforeEach(() => {
  // Only Date is faked, so the form's "today" is fixed while user-event keeps real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2025-03-05T09:00:00'));
  signInTestUser();
  sent = [];
  const record = async (request: Request) => {
    const body = (await request.json()) as Record<string, unknown>;
    sent.push({ method: request.method, url: new URL(request.url), body });
    return body;
  };
  server.use(
    http.get('*/api/workers/all', () => ok({ data: [imran, ramesh, sita] })),
    http.post('*/api/worker-salaries', async ({ request }) => {
      const body = await record(request);
      return ok(
        { ...existing, ...body, _id: testId(701), worker: { _id: ramesh._id, name: ramesh.name } },
        'Worker salary entry created successfully',
        201,
      );
    }),
    http.put('*/api/worker-salaries/:id', async ({ request }) => {
      const body = await record(request);
      return ok({ ...existing, ...body }, 'Worker salary entry updated successfully');
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
});

function renderForm(salary: WorkerSalary | null = null) {
  const onDone = vi.fn();
  const result = renderWithProviders(<SalaryForm salary={salary} onDone={onDone} />);
  return { ...result, onDone };
}

const form = () => screen.getByRole('form');

async function choose(user: ReturnType<typeof renderForm>['user'], label: string, option: string) {
  await user.click(within(form()).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('SalaryForm', { timeout: 15_000 }, () => {
  it('offers only active workers for a new payment', async () => {
    const { user } = renderForm();
    await user.click(within(form()).getByRole('combobox', { name: 'Worker' }));
    expect(await screen.findByRole('option', { name: 'Ramesh Vasava' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'Sita Rathod' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Imran Ansari/ })).not.toBeInTheDocument();
  });

  it('defaults the pay period from the payment date and follows it until one is chosen', async () => {
    const { user } = renderForm();
    expect(within(form()).getByRole('combobox', { name: 'Month' })).toHaveValue('March');
    expect(within(form()).getByRole('combobox', { name: 'Year' })).toHaveValue('2025');

    await user.click(within(form()).getByRole('button', { name: 'Payment date' }));
    const previous = document.querySelector<HTMLButtonElement>('[data-direction="previous"]');
    expect(previous).not.toBeNull();
    await user.click(previous!);
    await user.click(await screen.findByRole('button', { name: '10 February 2025' }));
    expect(within(form()).getByRole('combobox', { name: 'Month' })).toHaveValue('February');

    await choose(user, 'Month', 'January');
    await user.click(within(form()).getByRole('button', { name: 'Payment date' }));
    await user.click(await screen.findByRole('button', { name: '12 February 2025' }));
    expect(within(form()).getByRole('combobox', { name: 'Month' })).toHaveValue('January');
  });

  it('shows translated errors for missing fields and sends nothing', async () => {
    const { user, onDone } = renderForm();
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await within(form()).findByText('Choose a worker')).toBeInTheDocument();
    expect(within(form()).getAllByText('This field is required')).toHaveLength(1);
    expect(sent).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('creates a payment as numbers, leaving the organization and author to the server', async () => {
    const { user, onDone } = renderForm();
    await choose(user, 'Worker', 'Ramesh Vasava');
    await choose(user, 'Payment type', 'Advance');
    await choose(user, 'Payment method', 'UPI');
    await user.type(within(form()).getByRole('textbox', { name: 'Amount' }), '2500.50');
    await user.type(within(form()).getByRole('textbox', { name: 'Notes' }), ' For Holi ');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Worker salary entry created successfully')).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      workerId: ramesh._id,
      paymentType: 'advance',
      paymentMethod: 'upi',
      month: 3,
      year: 2025,
      paymentDate: '2025-03-05',
      amount: 2500.5,
      notes: 'For Holi',
    });
    expect(sent[0]?.body).not.toHaveProperty('organizationId');
    expect(sent[0]?.body).not.toHaveProperty('createdBy');
  });

  it('edits an entry of a worker who has left, sending neither author field', async () => {
    const { user, onDone } = renderForm(existing);
    const worker = within(form()).getByRole('combobox', { name: 'Worker' });
    await waitFor(() => expect(worker).toHaveValue('Imran Ansari (inactive)'));
    expect(within(form()).getByRole('combobox', { name: 'Month' })).toHaveValue('January');

    // The period of an existing entry stays as recorded when the payment date moves.
    await user.click(within(form()).getByRole('button', { name: 'Payment date' }));
    await user.click(await screen.findByRole('button', { name: '3 February 2025' }));
    expect(within(form()).getByRole('combobox', { name: 'Month' })).toHaveValue('January');

    const amount = within(form()).getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '12000');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Worker salary entry updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.url.pathname).toBe(`/api/worker-salaries/${existing._id}`);
    expect(sent[0]?.body).toMatchObject({
      workerId: imran._id,
      month: 1,
      year: 2025,
      paymentDate: '2025-02-03',
      amount: 12000,
    });
    expect(sent[0]?.body).not.toHaveProperty('createdBy');
    expect(sent[0]?.body).not.toHaveProperty('updatedBy');
  });

  it('shows what someone else saved first and keeps the user’s entry on request', async () => {
    const theirs = { ...existing, paymentMethod: 'cash' as const, version: 2 };
    server.use(
      http.put('*/api/worker-salaries/:id', async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        sent.push({ method: request.method, url: new URL(request.url), body });
        if (body.version !== theirs.version) {
          return fail(409, 'Stale version', undefined, 'stale_version', theirs);
        }
        return ok({ ...theirs, ...body, version: 3 }, 'Worker salary entry updated successfully');
      }),
    );
    const { user, onDone } = renderForm(existing);
    const amount = within(form()).getByRole('textbox', { name: 'Amount' });
    await user.clear(amount);
    await user.type(amount, '12000');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));

    const conflict = await findConflictDialog();
    expect(conflictRows(conflict)).toEqual([['Payment method', 'Cash', 'UPI']]);
    expect(onDone).not.toHaveBeenCalled();
    await user.click(within(conflict).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent.map((request) => request.body.version)).toEqual([1, 2]);
    expect(sent[1]?.body).toMatchObject({ amount: 12000, paymentMethod: 'upi' });
  });

  it('refuses to save without a user id in the session', async () => {
    const { user: signedIn } = useAuthStore.getState();
    useAuthStore.setState({ user: signedIn ? { ...signedIn, _id: '' } : null });
    const { user, onDone } = renderForm();
    await choose(user, 'Worker', 'Sita Rathod');
    await user.type(within(form()).getByRole('textbox', { name: 'Amount' }), '16000');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User ID not found in auth state')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses to save without an organization in the session', async () => {
    const { user: signedIn } = useAuthStore.getState();
    useAuthStore.setState({ user: signedIn ? { ...signedIn, organizationId: '' } : null });
    const { user } = renderForm();
    await choose(user, 'Worker', 'Sita Rathod');
    await user.type(within(form()).getByRole('textbox', { name: 'Amount' }), '16000');
    await user.click(within(form()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Organization ID not found in auth state')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});
