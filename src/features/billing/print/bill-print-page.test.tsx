import { act, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Bill } from '../../../../contract/bills.ts';
import { billingProfile } from '@/test/msw/bills';
import { fail, ok } from '@/test/msw/envelope';
import { onePage } from '@/test/msw/paging';
import { setupMswServer } from '@/test/msw/server';
import { signInTestUser } from '@/test/msw/session';
import { createTestQueryClient, renderWithProviders } from '@/test/render';
import guTexts from '../../../../public/locales/gu/bill-print.json';
import guOrganization from '../../../../public/locales/gu/organization.json';
import { FIXTURE_BILL_ID, fixtureBill } from './bill-fixture';
import BillPrintPage from './bill-print-page';

// The print page reads the profile for the organization's WhatsApp choice.
const server = setupMswServer(http.get('*/api/organization', () => ok(billingProfile())));

function serveBill(bill: Bill = fixtureBill(), profile = billingProfile()) {
  const requests: string[] = [];
  server.use(
    http.get('*/api/bills/:billId', ({ params }) => {
      requests.push(String(params.billId));
      return params.billId === bill._id ? ok(bill) : fail(404, 'Bill not found');
    }),
    http.get('*/api/organization', () => ok(profile)),
    // The page lists the bill's payments and notes below the sheet; none here.
    http.get('*/api/bill-notes', () => ok(onePage([]))),
    http.get('*/api/payments', () => ok(onePage([]))),
  );
  return requests;
}

function renderPage(
  route = `/billing/${FIXTURE_BILL_ID}/print`,
  queryClient = createTestQueryClient(),
) {
  signInTestUser();
  return renderWithProviders(<BillPrintPage />, {
    path: '/billing/:billId/print',
    route,
    queryClient,
  });
}

const sheet = () => screen.findByTestId('bill-document');

afterEach(async () => {
  vi.unstubAllGlobals();
  if (i18next.language !== 'en') await act(() => i18next.changeLanguage('en'));
});

describe('BillPrintPage', () => {
  it('shows the tax invoice with seller, buyer, CGST/SGST rows and the amount in words', async () => {
    serveBill();
    renderPage();
    const document = await sheet();
    expect(within(document).getByRole('heading', { name: 'Tax Invoice' })).toBeInTheDocument();
    for (const text of [
      'Asha Embroidery Works LLP',
      'GSTIN: 24AAAFA1234B1Z2',
      'Shree Krishna Textiles',
      'Place of supply: Gujarat (code 24)',
      'INV/2026-27/0042',
      'PO numbers: PO-1187, PO-1203',
      'CGST 2.5%₹922.13',
      'SGST 2.5%₹922.13',
      'Total₹38,729.00',
      'IFSC: SBIN0001234',
      'For Asha Embroidery Works LLP',
      'Authorised signatory',
      'Original for recipient',
    ]) {
      expect(document).toHaveTextContent(text);
    }
    expect(document).not.toHaveTextContent('IGST');
    expect(within(document).getByTestId('amount-in-words')).toHaveTextContent(
      'Rupees Thirty Eight Thousand Seven Hundred Twenty Nine Only',
    );
    const qr = await within(document).findByRole('img', { name: 'Pay by UPI' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
  });

  it('prints IGST for another state and no tax or QR on a paid bill of supply', async () => {
    serveBill(
      fixtureBill({
        billType: 'bill_of_supply',
        cgstAmount: 0,
        sgstAmount: 0,
        roundOff: 0,
        totalAmount: 36885,
        paidAmount: 36885,
        balance: 0,
        status: 'paid',
      }),
    );
    renderPage();
    const document = await sheet();
    expect(within(document).getByRole('heading', { name: 'Bill of Supply' })).toBeInTheDocument();
    expect(document).not.toHaveTextContent('CGST');
    expect(document).not.toHaveTextContent('HSN/SAC summary');
    expect(within(document).queryByTestId('upi-qr')).not.toBeInTheDocument();
  });

  it('prints IGST at the full rate across states', async () => {
    serveBill(
      fixtureBill({ placeOfSupply: '27', cgstAmount: 0, sgstAmount: 0, igstAmount: 1844.25 }),
    );
    renderPage();
    const document = await sheet();
    expect(document).toHaveTextContent('IGST 5%₹1,844.25');
    expect(document).toHaveTextContent('Place of supply: Maharashtra (code 27)');
    expect(document).not.toHaveTextContent('CGST');
  });

  it('marks a cancelled bill and offers neither a UPI QR nor sharing', async () => {
    serveBill(fixtureBill({ status: 'cancelled', cancelReason: 'Wrong rate' }));
    renderPage();
    const document = await sheet();
    expect(document).toHaveTextContent('Cancelled');
    expect(within(document).queryByTestId('upi-qr')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument();
  });

  it('offers no WhatsApp sharing when the organization turned it off, and still the UPI QR', async () => {
    serveBill(fixtureBill(), billingProfile({ whatsappSharing: false }));
    renderPage();
    const document = await sheet();
    expect(await within(document).findByRole('img', { name: 'Pay by UPI' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument(),
    );
  });

  it('switches paper, copy label and keeps the choices in the address', async () => {
    serveBill();
    const { user } = renderPage();
    const document = await sheet();
    expect(document).toHaveAttribute('data-paper', 'A4');
    expect(window.document.head.innerHTML + window.document.body.innerHTML).toContain(
      '@page { size: A4; margin: 10mm; }',
    );

    await user.click(screen.getByRole('radio', { name: 'A5' }));
    expect(await sheet()).toHaveAttribute('data-paper', 'A5');
    expect(window.document.body.innerHTML).toContain('@page { size: A5; margin: 7mm; }');

    await user.click(screen.getByRole('combobox', { name: 'Copy' }));
    await user.click(await screen.findByRole('option', { name: 'Duplicate for transporter' }));
    expect(await sheet()).toHaveTextContent('Duplicate for transporter');
    expect(screen.getByTestId('location')).toHaveTextContent('paper=A5&copy=duplicate');
  });

  it('offers the interface language or English for the document', async () => {
    i18next.addResourceBundle('gu', 'bill-print', guTexts, true, true);
    i18next.addResourceBundle('gu', 'organization', guOrganization, true, true);
    serveBill();
    const { user } = renderPage();
    await sheet();
    await act(() => i18next.changeLanguage('gu'));
    const document = await sheet();
    await waitFor(() => expect(document).toHaveAttribute('lang', 'gu'));
    expect(within(document).getByRole('heading', { name: 'ટેક્સ ઇન્વૉઇસ' })).toBeInTheDocument();
    expect(within(document).getByTestId('amount-in-words')).toHaveTextContent(
      'રૂપિયા આડત્રીસ હજાર સાત સો ઓગણત્રીસ પૂરા',
    );
    expect(document).toHaveTextContent('ગુજરાત (કોડ 24)');

    await user.click(screen.getByRole('combobox', { name: guTexts.toolbar.language }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['ગુજરાતી', 'English']);
    await user.click(screen.getByRole('option', { name: 'English' }));
    await waitFor(async () => expect(await sheet()).toHaveAttribute('lang', 'en'));
    expect(within(await sheet()).getByRole('heading', { name: 'Tax Invoice' })).toBeVisible();
  });

  it("opens the browser's print dialog", async () => {
    serveBill();
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderPage();
    await sheet();
    await user.click(screen.getByRole('button', { name: 'Print' }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
  });

  it('shares on WhatsApp with the bill, the balance, the due date and the UPI link', async () => {
    serveBill();
    renderPage();
    await sheet();
    const share = screen.getByRole('link', { name: 'Share on WhatsApp' });
    const href = new URL(share.getAttribute('href') ?? '');
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/919825012345');
    expect(href.searchParams.get('text')).toBe(
      'Bill INV/2026-27/0042 from Asha Embroidery Works: ₹38,729.00, due by 05 Dec 2026.\n' +
        'Pay by UPI: upi://pay?pa=asha.embroidery@okaxis&pn=Asha%20Embroidery%20Works%20LLP&am=38729.00&cu=INR&tn=INV%2F2026-27%2F0042',
    );
  });

  it('offers no WhatsApp button once the organization turned sharing off', async () => {
    serveBill();
    let profileRead = false;
    server.use(
      http.get('*/api/organization', () => {
        profileRead = true;
        return ok(billingProfile({ whatsappSharing: false }));
      }),
    );
    renderPage();
    await sheet();
    await waitFor(() => expect(profileRead).toBe(true));
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Share on WhatsApp' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('button', { name: 'Print' })).toBeInTheDocument();
  });

  it('waits for a bill made offline and opens it once the server has numbered it', async () => {
    const requests = serveBill();
    const queryClient = createTestQueryClient();
    let finishWrite: (value: Bill) => void = () => undefined;
    const write = queryClient.getMutationCache().build(queryClient, {
      mutationFn: () =>
        new Promise<Bill>((resolve) => {
          finishWrite = resolve;
        }),
    });
    const writing = write.execute({ idempotencyKey: 'k-123', input: {} });
    renderPage('/billing/pending-k-123/print?paper=A5', queryClient);

    expect(await screen.findByText(/Its number is given when online/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print' })).toBeDisabled();
    expect(requests).toEqual([]);

    await act(async () => {
      finishWrite(fixtureBill());
      await writing;
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/billing/${FIXTURE_BILL_ID}/print?paper=A5`,
      ),
    );
    expect(await sheet()).toHaveAttribute('data-paper', 'A5');
    expect(requests).toEqual([FIXTURE_BILL_ID]);
  });
});
