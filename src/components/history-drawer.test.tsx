import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { HistoryButton, HistoryDrawer } from '@/components/history-drawer';
import { fixClockInEachTest } from '@/test/clock';
import { renderWithProviders } from '@/test/render';
import { auditEntryOf, createAuditLogFake, type AuditLogFake } from '@/test/msw/audit-log';
import { fail } from '@/test/msw/envelope';
import { testId } from '@/test/msw/resource-fake';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser, signInTestUserAs } from '@/test/msw/session';

const server = setupMswServer();
const ORDER_ID = testId(7);
let fake: AuditLogFake;

const orderEntries = [
  auditEntryOf({
    entity: 'order',
    entityId: ORDER_ID,
    action: 'create',
    at: '2026-11-18T08:00:00.000Z',
    userName: 'Meena Shah',
    changes: {
      poNumber: [null, 'PO-77'],
      designs: [
        null,
        [{ designId: testId(3), designCode: 'BN-1', name: 'Bandhani', quantity: 3, rate: 40 }],
      ],
    },
  }),
  auditEntryOf({
    entity: 'order',
    entityId: ORDER_ID,
    action: 'update',
    at: '2026-11-19T08:00:00.000Z',
    userName: 'Ravi Patel',
    changes: {
      totalAmount: [120, 1250.5],
      isPaid: [false, true],
      deliveryDate: [null, '2026-12-01'],
    },
  }),
  auditEntryOf({
    entity: 'order',
    entityId: ORDER_ID,
    action: 'statusChange',
    at: '2026-11-20T08:00:00.000Z',
    userName: '',
    userId: null,
    changes: { status: ['pending', 'in_progress'] },
  }),
  auditEntryOf({ entity: 'order', entityId: testId(8), action: 'delete' }),
];

// A day after the newest entry, so its relative time reads "yesterday" whenever the suite runs.
fixClockInEachTest('2026-11-21T08:00:00.000Z');

beforeEach(() => {
  signInTestUser();
  fake = createAuditLogFake(orderEntries);
  server.use(...fake.handlers);
});

const target = { entity: 'order' as const, entityId: ORDER_ID, name: 'PO-77' };

describe('HistoryDrawer', () => {
  it('asks for nothing while closed', () => {
    renderWithProviders(<HistoryDrawer target={null} onClose={() => {}} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fake.searches).toHaveLength(0);
  });

  it("shows the record's entries newest first with who, when and each change", async () => {
    renderWithProviders(<HistoryDrawer target={target} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog', { name: 'History of PO-77' });
    const articles = await within(dialog).findAllByRole('article');
    expect(articles).toHaveLength(3);
    expect(fake.searches[0]?.get('entity')).toBe('order');
    expect(fake.searches[0]?.get('entityId')).toBe(ORDER_ID);

    const [status, update, creation] = articles as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(status).getByText('Status changed')).toBeInTheDocument();
    expect(within(status).getByText('by the system')).toBeInTheDocument();
    expect(within(status).getByRole('row', { name: 'Status Pending In progress' })).toBeVisible();
    // The exact time sits beside the relative one.
    expect(within(status).getByText(/20 Nov 2026/)).toBeInTheDocument();
    expect(within(status).getByText(/^yesterday · /)).toBeInTheDocument();

    expect(within(update).getByText('by Ravi Patel')).toBeInTheDocument();
    expect(
      within(update).getByRole('row', { name: 'Order total ₹120.00 ₹1,250.50' }),
    ).toBeVisible();
    expect(within(update).getByRole('row', { name: 'Paid No Yes' })).toBeVisible();
    expect(within(update).getByRole('row', { name: 'Delivery date — 01 Dec 2026' })).toBeVisible();

    expect(within(creation).getByText('Created')).toBeInTheDocument();
    expect(within(creation).getByRole('row', { name: 'PO number — PO-77' })).toBeVisible();
    expect(
      within(creation).getByRole('row', { name: 'Order lines — BN-1 × 3 at ₹40.00' }),
    ).toBeVisible();
  });

  it('masks account numbers as the bank-details list does', async () => {
    const accountId = testId(40);
    server.use(
      ...createAuditLogFake([
        auditEntryOf({
          entity: 'bankDetail',
          entityId: accountId,
          changes: { accountNumber: ['123456781234', '123456785678'], branch: [null, 'Ring Road'] },
        }),
      ]).handlers,
    );
    renderWithProviders(
      <HistoryDrawer target={{ entity: 'bankDetail', entityId: accountId }} onClose={() => {}} />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'History of this record' });
    expect(
      await within(dialog).findByRole('row', { name: 'Account number •••• 1234 •••• 5678' }),
    ).toBeVisible();
    expect(within(dialog).getByRole('row', { name: 'Branch — Ring Road' })).toBeVisible();
  });

  it("words a bill's fields by their labels and shows money, dates, the state and the type", async () => {
    const billId = testId(60);
    server.use(
      ...createAuditLogFake([
        auditEntryOf({
          entity: 'bill',
          entityId: billId,
          action: 'create',
          at: '2026-06-10T06:00:00.000Z',
          changes: {
            number: [null, 'INV/2026-27/0007'],
            merchant: [null, 'Mumbai Mills'],
            billDate: [null, '2026-06-10'],
            dueDate: [null, '2026-06-25'],
            billType: [null, 'tax_invoice'],
            gstRate: [null, 5],
            sac: [null, '998821'],
            placeOfSupply: [null, '27'],
            taxableAmount: [null, 1000],
            igstAmount: [null, 50.4],
            roundOff: [null, -0.4],
            totalAmount: [null, 1050],
            paidAmount: [null, 0],
            status: [null, 'unpaid'],
            orders: [null, ['PO-11', 'PO-12']],
          },
        }),
        auditEntryOf({
          entity: 'bill',
          entityId: billId,
          action: 'update',
          at: '2026-06-12T06:00:00.000Z',
          // As entries kept before the trail named the merchant only.
          changes: {
            merchantId: [testId(2), testId(3)],
            notes: [null, 'Call before'],
            cancelledAt: [null, '2026-06-12T06:00:00.000Z'],
          },
        }),
        auditEntryOf({
          entity: 'bill',
          entityId: billId,
          action: 'cancel',
          at: '2026-06-14T06:00:00.000Z',
          changes: { status: ['unpaid', 'cancelled'], cancelReason: [null, 'Wrong rate'] },
        }),
      ]).handlers,
    );
    renderWithProviders(
      <HistoryDrawer
        target={{ entity: 'bill', entityId: billId, name: 'INV/2026-27/0007' }}
        onClose={() => {}}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'History of INV/2026-27/0007' });
    const [cancel, update, creation] = (await within(dialog).findAllByRole('article')) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    const rowsOf = (article: HTMLElement) =>
      within(article)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(rowsOf(creation)).toEqual([
      'Bill number—INV/2026-27/0007',
      'Merchant—Mumbai Mills',
      'Bill date—10 Jun 2026',
      'Due date—25 Jun 2026',
      'Type—Tax invoice',
      'GST rate—5 %',
      'SAC—998821',
      'Place of supply—Maharashtra (27)',
      'Taxable value—₹1,000.00',
      'IGST—₹50.40',
      'Round-off—-₹0.40',
      'Bill total—₹1,050.00',
      'Paid—₹0.00',
      'Status—Unpaid',
      'Orders—PO-11, PO-12',
    ]);
    expect(
      within(update).getByRole('row', { name: `Merchant ID ${testId(2)} ${testId(3)}` }),
    ).toBeVisible();
    expect(within(update).getByRole('row', { name: 'Notes — Call before' })).toBeVisible();
    expect(
      within(update).getByRole('row', { name: /^Cancelled on — 12 Jun 2026, / }),
    ).toBeVisible();
    expect(within(cancel).getByRole('row', { name: 'Status Unpaid Cancelled' })).toBeVisible();
    expect(
      within(cancel).getByRole('row', { name: 'Reason for cancelling — Wrong rate' }),
    ).toBeVisible();
  });

  it('says so when the record has no entries', async () => {
    renderWithProviders(
      <HistoryDrawer
        target={{ entity: 'merchant', entityId: testId(99), name: 'Laxmi Sarees' }}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('No changes recorded yet.')).toBeInTheDocument();
  });

  it('shows a failure with a retry', async () => {
    server.use(http.get('*/api/audit-log', () => fail(500, 'Boom')));
    renderWithProviders(<HistoryDrawer target={target} onClose={() => {}} />);
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /retry/i })).toBeInTheDocument();
  });
});

describe('HistoryButton', () => {
  it('opens the drawer for owners and admins', async () => {
    signInTestUserAs('admin');
    const { user } = renderWithProviders(<HistoryButton target={target} />);
    await user.click(screen.getByRole('button', { name: 'History' }));
    expect(await screen.findByRole('dialog', { name: 'History of PO-77' })).toBeInTheDocument();
  });

  it('is not there for staff, who cannot read the trail', () => {
    signInTestUserAs('staff');
    renderWithProviders(<HistoryButton target={target} />);
    expect(screen.queryByRole('button', { name: 'History' })).not.toBeInTheDocument();
    expect(fake.searches).toHaveLength(0);
  });
});
