import type { ReactNode } from 'react';
import type { Bill } from '../../../../contract/bills.ts';
import { isGstStateCode } from '../../../../contract/gst.ts';
import { formatDate, formatMoney, formatNumber } from '@/lib/format';
import {
  amountInWords,
  type BillPrintT,
  type DocumentLanguage,
  type DocumentSettings,
  type TaxRow,
} from './bill-document-model';
import { Field } from './print-field';
import classes from '@/components/print-sheet.module.css';

/** What a printed bill and a printed note both carry around their own lines. */
interface PrintedRecord {
  number: string;
  status: string;
  seller: Bill['seller'];
  merchant: Bill['merchant'];
  placeOfSupply: string;
  notes: string | null;
}

/**
 * The document's texts, and money, dates and states as the document's language writes them (not
 * the interface's).
 */
export function documentContext(record: PrintedRecord, settings: DocumentSettings) {
  const { language, t, stateName } = settings;
  return {
    language,
    t,
    money: (amount: number) => formatMoney(amount, language),
    date: (value: string) => formatDate(value, language),
    state: (code: string | null) =>
      code ? t('document.stateWithCode', { name: stateName(code), code }) : null,
    cancelled: record.status === 'cancelled',
    sellerName: record.seller.legalName ?? record.seller.name,
  };
}

/**
 * The sheet of a printed document, named by its number: the title and the copy's label, across a
 * cancelled one its watermark and note, the parties and the document's own reference column, then
 * `children`, and last its notes and the seller's signature.
 */
export function DocumentSheet(props: {
  record: PrintedRecord;
  settings: DocumentSettings;
  testId: string;
  title: string;
  /** Whether the seller's trade name shows under its legal name. */
  tradeName?: boolean;
  sellerLines: ReactNode;
  buyerLines?: ReactNode;
  /** The third party column: the document's own numbers and dates. */
  reference: ReactNode;
  terms?: ReactNode;
  children: ReactNode;
}) {
  const { record, settings, testId, title, children } = props;
  const { paper, language, copy } = settings;
  const { t, state, cancelled, sellerName } = documentContext(record, settings);
  const { merchant } = record;
  const merchantState = merchant.state && isGstStateCode(merchant.state) ? merchant.state : null;
  return (
    <article
      className={classes.sheet}
      data-paper={paper}
      lang={language}
      aria-label={record.number}
      data-testid={testId}
    >
      {cancelled ? (
        <div className={classes.watermark} aria-hidden>
          {t('document.cancelled')}
        </div>
      ) : null}
      <header className={classes.titleRow}>
        <h1 className={classes.title}>{title}</h1>
        <span className={classes.copyLabel}>{t(`copies.${copy}`)}</span>
      </header>
      {cancelled ? <p className={classes.cancelledNote}>{t('document.cancelled')}</p> : null}
      <section className={classes.parties}>
        <SellerParty seller={record.seller} t={t} state={state} tradeName={props.tradeName}>
          {props.sellerLines}
        </SellerParty>
        <BuyerParty
          merchant={merchant}
          merchantState={merchantState}
          placeOfSupply={record.placeOfSupply}
          t={t}
          state={state}
        >
          {props.buyerLines}
        </BuyerParty>
        <div className={classes.party}>{props.reference}</div>
      </section>
      {children}
      <DocumentClosing notes={record.notes} sellerName={sellerName} t={t} terms={props.terms} />
    </article>
  );
}

/**
 * The seller as the document recorded it, up to its GSTIN; `children` add lines under it. The
 * trade name shows under the legal name only where `tradeName` asks for it.
 */
function SellerParty(props: {
  seller: Bill['seller'];
  t: BillPrintT;
  state: (code: string | null) => string | null;
  tradeName?: boolean;
  children?: ReactNode;
}) {
  const { seller, t, state, tradeName = false, children } = props;
  const place = [seller.city, seller.pincode].filter(Boolean).join(' - ');
  return (
    <div className={classes.party}>
      <div className={classes.partyHeading}>{t('document.seller')}</div>
      <div className={classes.partyName}>{seller.legalName ?? seller.name}</div>
      {tradeName && seller.legalName && seller.legalName !== seller.name ? (
        <div>{seller.name}</div>
      ) : null}
      {seller.address ? <div className={classes.address}>{seller.address}</div> : null}
      {place ? <div>{place}</div> : null}
      <Field label={t('document.state')} value={state(seller.state)} />
      <Field label={t('document.gstin')} value={seller.gstin} />
      {children}
    </div>
  );
}

/** The buyer as the bill recorded it; `children` adds lines under the place of supply. */
function BuyerParty(props: {
  merchant: Bill['merchant'];
  /** The merchant's state when it is a GST state code, else null. */
  merchantState: string | null;
  placeOfSupply: string;
  t: BillPrintT;
  state: (code: string | null) => string | null;
  children?: ReactNode;
}) {
  const { merchant, merchantState, placeOfSupply, t, state, children } = props;
  return (
    <div className={classes.party}>
      <div className={classes.partyHeading}>{t('document.buyer')}</div>
      <div className={classes.partyName}>{merchant.name}</div>
      {merchant.address ? <div className={classes.address}>{merchant.address}</div> : null}
      {merchant.city ? <div>{merchant.city}</div> : null}
      <Field label={t('document.gstin')} value={merchant.gstin} />
      <Field label={t('document.state')} value={state(merchantState)} />
      <Field label={t('document.placeOfSupply')} value={state(placeOfSupply)} />
      {children}
    </div>
  );
}

/**
 * The document's lines under a numbered first column; `columns` are the other headings, the
 * numeric ones right-aligned, and `children` the rows.
 */
export function LinesTable(props: {
  t: BillPrintT;
  columns: readonly { label: string; numeric?: boolean }[];
  children: ReactNode;
}) {
  const { t, columns, children } = props;
  return (
    <table className={classes.lines}>
      <thead>
        <tr>
          <th className={classes.numeric}>{t('document.lines.index')}</th>
          {columns.map((column) => (
            <th key={column.label} className={column.numeric ? classes.numeric : undefined}>
              {column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The amount in words beside the taxable value, taxes, round-off and total; `children` follow. */
export function TotalsSection(props: {
  figures: { taxableAmount: number; roundOff: number; totalAmount: number };
  taxes: readonly TaxRow[];
  language: DocumentLanguage;
  t: BillPrintT;
  children?: ReactNode;
}) {
  const { figures, taxes, language, t, children } = props;
  const money = (amount: number) => formatMoney(amount, language);
  return (
    <section className={classes.totalsRow}>
      <div className={classes.words}>
        <div className={classes.partyHeading}>{t('document.amountInWords')}</div>
        <div data-testid="amount-in-words">{amountInWords(figures.totalAmount, language, t)}</div>
      </div>
      <table className={classes.totals}>
        <tbody>
          <tr>
            <th>{t('document.taxableValue')}</th>
            <td>{money(figures.taxableAmount)}</td>
          </tr>
          {taxes.map((row) => (
            <tr key={row.kind}>
              <th>{t(`document.${row.kind}`, { rate: formatNumber(row.rate, language) })}</th>
              <td>{money(row.amount)}</td>
            </tr>
          ))}
          {figures.roundOff !== 0 ? (
            <tr>
              <th>{t('document.roundOff')}</th>
              <td>{money(figures.roundOff)}</td>
            </tr>
          ) : null}
          <tr className={classes.grandTotal}>
            <th>{t('document.total')}</th>
            <td>{money(figures.totalAmount)}</td>
          </tr>
          {children}
        </tbody>
      </table>
    </section>
  );
}

/** The document's own notes, then the seller's signature (beside `terms`, when there are any). */
function DocumentClosing(props: {
  notes: string | null;
  sellerName: string;
  t: BillPrintT;
  terms?: ReactNode;
}) {
  const { notes, sellerName, t, terms } = props;
  return (
    <>
      {notes ? (
        <section className={classes.terms}>
          <div className={classes.partyHeading}>{t('document.notes')}</div>
          <div className={classes.address}>{notes}</div>
        </section>
      ) : null}
      <footer className={classes.footer}>
        <div className={classes.terms}>{terms}</div>
        <div className={classes.signature}>
          <div>{t('document.forSeller', { name: sellerName })}</div>
          <div className={classes.signatureSpace} />
          <div>{t('document.signatory')}</div>
        </div>
      </footer>
    </>
  );
}
