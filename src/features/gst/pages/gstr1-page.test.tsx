import { screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Gstr1Summary } from '../../../../contract/gstr1.ts';
import { fixClockInEachTest } from '@/test/clock';
import { ok } from '@/test/msw/envelope';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { renderWithProviders } from '@/test/render';
import { gstr1Tables, tableCsv } from '../gstr1-files';
import Gstr1Page from './gstr1-page';

const server = setupMswServer();
fixClockInEachTest('2026-05-10T06:00:00Z');

const SUMMARY: Gstr1Summary = {
  fp: '042026',
  startDate: '2026-04-01',
  endDate: '2026-04-30',
  sections: [
    { section: 'b2b', count: 3, txval: 35400.5, iamt: 3000.06, camt: 260, samt: 260 },
    { section: 'b2cl', count: 1, txval: 150000, iamt: 27000, camt: 0, samt: 0 },
    { section: 'b2cs', count: 2, txval: 3000, iamt: 180, camt: 50, samt: 50 },
    { section: 'nil', count: 1, txval: 3000, iamt: 0, camt: 0, samt: 0 },
    { section: 'hsn_b2b', count: 2, txval: 35000.5, iamt: 3000.06, camt: 250, samt: 250 },
  ],
  register: { count: 7, cancelled: 1, txval: 191400.5, iamt: 30180.06, camt: 310, samt: 310 },
  documents: { issued: 8, cancelled: 1 },
  gstr3b: {
    outwardTaxable: { txval: 188400.5, iamt: 30180.06, camt: 310, samt: 310, csamt: 0 },
    nilExempt: { txval: 3000 },
  },
  problems: [
    {
      code: 'gstin_check_digit',
      entity: 'merchant',
      entityId: 'merchant-1',
      label: 'Epsilon Dyes',
      gstin: '29AAACE4444D1ZX',
    },
    {
      code: 'sac_missing',
      entity: 'bill',
      entityId: 'bill-7',
      label: 'INV/2026-27/0007',
      gstin: null,
    },
  ],
};

const requests: URLSearchParams[] = [];

beforeEach(() => {
  requests.length = 0;
  signInTestUser();
  server.use(
    http.get('*/api/gst/gstr1/summary', ({ request }) => {
      requests.push(new URL(request.url).searchParams);
      return ok(SUMMARY);
    }),
  );
});

const rowOf = (name: string) =>
  within(screen.getByRole('table', { name: 'GSTR-1 tables and the register' }))
    .getAllByRole('row')
    .find((row) => within(row).queryAllByRole('cell')[0]?.textContent === name);

describe('the GSTR-1 screen', () => {
  it('asks for last month by default and shows each table beside the register', async () => {
    renderWithProviders(<Gstr1Page />, { route: '/billing/gstr1' });
    expect(
      await screen.findByText("The return's bills and notes add up to the register."),
    ).toBeVisible();
    expect(requests[0]?.get('period')).toBe('042026');
    const b2b = rowOf('B2B: registered buyers');
    expect(
      b2b &&
        within(b2b)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
    ).toEqual(['B2B: registered buyers', '3', '₹35,400.50', '₹3,000.06', '₹260.00', '₹260.00']);
    const register = rowOf('Bills register');
    expect(register && within(register).getAllByRole('cell')[2]?.textContent).toBe('₹1,91,400.50');
    const returned = rowOf('Return: all bills and notes');
    expect(returned && within(returned).getAllByRole('cell')[1]?.textContent).toBe('7');
  });

  it('shows the GSTR-3B figures and links each problem to its record', async () => {
    renderWithProviders(<Gstr1Page />, { route: '/billing/gstr1?period=042026' });
    const gstr3b = await screen.findByRole('region', { name: 'GSTR-3B that follows' });
    expect(within(gstr3b).getByText('₹1,88,400.50')).toBeVisible();
    expect(within(gstr3b).getByText('Documents issued: 8, of which cancelled: 1')).toBeVisible();
    const fix = screen.getByRole('region', { name: 'To fix before filing' });
    expect(within(fix).getByText(/GSTIN 29AAACE4444D1ZX has a typing mistake/)).toBeVisible();
    for (const [name, href] of [
      ['Open: Epsilon Dyes', '/merchants?name=Epsilon%20Dyes'],
      ['Open: INV/2026-27/0007', '/billing/bill-7/print'],
    ]) {
      expect(within(fix).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('warns when the return does not add up to the register', async () => {
    server.use(
      http.get('*/api/gst/gstr1/summary', () =>
        ok({ ...SUMMARY, register: { ...SUMMARY.register, count: 8 } }),
      ),
    );
    renderWithProviders(<Gstr1Page />, { route: '/billing/gstr1?period=042026' });
    expect(await screen.findByText(/do not add up to the register/)).toBeVisible();
  });

  it('switches to a quarter', async () => {
    const { user } = renderWithProviders(<Gstr1Page />, { route: '/billing/gstr1' });
    await screen.findByText("The return's bills and notes add up to the register.");
    await user.click(screen.getByText('A quarter'));
    await waitFor(() => expect(requests.at(-1)?.get('quarter')).toBe('2026-Q1'));
    expect(screen.getByTestId('location').textContent).toContain('quarter=2026-Q1');
    await user.selectOptions(screen.getByLabelText('Quarter'), '2025-Q4');
    await waitFor(() => expect(requests.at(-1)?.get('quarter')).toBe('2025-Q4'));
  });
});

describe('the GSTR-1 spreadsheets', () => {
  it('flattens a table one row per item and keeps text from running as a formula', () => {
    const [b2b] = gstr1Tables({
      gstin: '24AAACK1111A1ZO',
      fp: '042026',
      b2b: [
        {
          ctin: '24AAACA2222B1ZQ',
          inv: [
            {
              inum: '=1+2',
              idt: '03-04-2026',
              val: 10500,
              pos: '24',
              rchrg: 'N',
              inv_typ: 'R',
              itms: [{ num: 1, itm_det: { txval: 10000, rt: 5, camt: 250, samt: 250, csamt: 0 } }],
            },
          ],
        },
      ],
    });
    expect(b2b && tableCsv(b2b)).toBe(
      '\uFEFFctin,inum,idt,val,pos,rchrg,inv_typ,rt,txval,iamt,camt,samt,csamt\n' +
        "24AAACA2222B1ZQ,'=1+2,03-04-2026,10500,24,N,R,5,10000,0,250,250,0\n",
    );
  });

  it('leaves out the tables a return does not have', () => {
    expect(gstr1Tables({ gstin: '24AAACK1111A1ZO', fp: '042026' })).toEqual([]);
  });
});
