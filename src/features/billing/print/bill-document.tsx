import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import type { Bill } from '../../../../contract/bills.ts';
import { formatNumber } from '@/lib/format';
import {
  payeeName,
  poNumbers,
  taxRows,
  upiPayLink,
  type DocumentSettings,
} from './bill-document-model';
import { DocumentSheet, LinesTable, TotalsSection, documentContext } from './document-parts';
import { Field } from './print-field';
import classes from '@/components/print-sheet.module.css';
import { sumRupees } from '../../../../contract/money.ts';

export interface BillDocumentProps {
  bill: Bill;
  settings: DocumentSettings;
}

function useQrCode(text: string | null) {
  // Keyed by its text, so a stale picture is never shown for a changed link.
  const [drawn, setDrawn] = useState<{ text: string; dataUrl: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    let current = true;
    QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 320 })
      .then((dataUrl) => {
        if (current) setDrawn({ text, dataUrl });
      })
      .catch((error: unknown) => {
        console.warn('Could not draw the UPI QR code', error);
      });
    return () => {
      current = false;
    };
  }, [text]);
  return text && drawn?.text === text ? drawn.dataUrl : null;
}

/** The printed bill itself: everything a GST tax invoice or bill of supply must carry. */
export function BillDocument({ bill, settings }: BillDocumentProps) {
  const { language, t, money, date, cancelled, sellerName } = documentContext(bill, settings);
  const { seller } = bill;
  const taxes = taxRows(bill);
  const totalTax = sumRupees(taxes.map((row) => row.amount));
  const upiLink = upiPayLink(bill);
  const qrCode = useQrCode(upiLink);

  return (
    <DocumentSheet
      record={bill}
      settings={settings}
      testId="bill-document"
      title={
        bill.billType === 'tax_invoice' ? t('document.taxInvoice') : t('document.billOfSupply')
      }
      tradeName
      sellerLines={
        <>
          <Field label={t('document.pan')} value={seller.pan} />
          <Field label={t('document.udyam')} value={seller.udyamNumber} />
          <Field label={t('document.phone')} value={seller.phone} />
          <Field label={t('document.email')} value={seller.email} />
        </>
      }
      buyerLines={<Field label={t('document.phone')} value={bill.merchant.phone} />}
      reference={
        <>
          <Field label={t('document.billNumber')} value={bill.number} unbroken />
          <Field label={t('document.billDate')} value={date(bill.billDate)} unbroken />
          <Field label={t('document.dueDate')} value={date(bill.dueDate)} unbroken />
          <Field label={t('document.poNumbers')} value={poNumbers(bill).join(', ')} />
        </>
      }
      terms={
        seller.billTerms ? (
          <>
            <div className={classes.partyHeading}>{t('document.terms')}</div>
            <div className={classes.address}>{seller.billTerms}</div>
          </>
        ) : null
      }
    >
      <LinesTable
        t={t}
        columns={[
          { label: t('document.lines.po') },
          { label: t('document.lines.design') },
          { label: t('document.lines.sac') },
          { label: t('document.lines.quantity'), numeric: true },
          { label: t('document.lines.rate'), numeric: true },
          { label: t('document.lines.amount'), numeric: true },
        ]}
      >
        {bill.lines.map((line, index) => (
          <tr key={`${line.orderId}-${index}`}>
            <td className={classes.numeric}>{index + 1}</td>
            <td>{line.poNumber}</td>
            <td>
              <span className={classes.code}>{line.designCode}</span> {line.designName}
            </td>
            <td>{bill.sac}</td>
            <td className={classes.numeric}>{formatNumber(line.quantity, language)}</td>
            <td className={classes.numeric}>{money(line.rate)}</td>
            <td className={classes.numeric}>{money(line.amount)}</td>
          </tr>
        ))}
      </LinesTable>

      <TotalsSection figures={bill} taxes={taxes} language={language} t={t}>
        {bill.paidAmount > 0 && !cancelled ? (
          <>
            <tr>
              <th>{t('document.paid')}</th>
              <td>{money(bill.paidAmount)}</td>
            </tr>
            <tr>
              <th>{t('document.balance')}</th>
              <td>{money(bill.balance)}</td>
            </tr>
          </>
        ) : null}
      </TotalsSection>

      {taxes.length > 0 ? (
        <table className={classes.summary}>
          <caption>{t('document.summary.title')}</caption>
          <thead>
            <tr>
              <th rowSpan={2}>{t('document.summary.sac')}</th>
              <th rowSpan={2} className={classes.numeric}>
                {t('document.summary.taxable')}
              </th>
              {taxes.map((row) => (
                <th key={row.kind} colSpan={2} className={classes.group}>
                  {t(`document.summary.${row.kind}`)}
                </th>
              ))}
              <th rowSpan={2} className={classes.numeric}>
                {t('document.summary.totalTax')}
              </th>
            </tr>
            <tr>
              {taxes.map((row) => [
                <th key={`${row.kind}-rate`} className={classes.numeric}>
                  {t('document.summary.rate')}
                </th>,
                <th key={`${row.kind}-amount`} className={classes.numeric}>
                  {t('document.summary.amount')}
                </th>,
              ])}
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{bill.sac}</td>
              <td className={classes.numeric}>{money(bill.taxableAmount)}</td>
              {taxes.map((row) => [
                <td key={`${row.kind}-rate`} className={classes.numeric}>
                  {formatNumber(row.rate, language)}%
                </td>,
                <td key={`${row.kind}-amount`} className={classes.numeric}>
                  {money(row.amount)}
                </td>,
              ])}
              <td className={classes.numeric}>{money(totalTax)}</td>
            </tr>
          </tbody>
        </table>
      ) : null}

      <section className={classes.payment}>
        {seller.bank ? (
          <div className={classes.bank}>
            <div className={classes.partyHeading}>{t('document.bank.title')}</div>
            <Field label={t('document.bank.name')} value={seller.bank.bankName} />
            <Field
              label={t('document.bank.holder')}
              value={seller.bank.accountHolderName ?? sellerName}
            />
            <Field label={t('document.bank.account')} value={seller.bank.accountNumber} />
            <Field label={t('document.bank.ifsc')} value={seller.bank.ifscCode} />
            <Field label={t('document.bank.branch')} value={seller.bank.branchName} />
          </div>
        ) : null}
        {upiLink && qrCode ? (
          <figure className={classes.upi} data-testid="upi-qr">
            <img src={qrCode} alt={t('document.upi.title')} className={classes.qr} />
            <figcaption>
              <div className={classes.partyHeading}>{t('document.upi.title')}</div>
              <div>{t('document.upi.caption', { amount: money(bill.balance) })}</div>
              <div className={classes.code}>{seller.upiId}</div>
              <div>{payeeName(bill)}</div>
            </figcaption>
          </figure>
        ) : null}
      </section>
    </DocumentSheet>
  );
}
