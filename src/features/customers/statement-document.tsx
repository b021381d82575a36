import type { Statement, StatementEntry } from '../../../contract/dues.ts';
import type { OrganizationProfile } from '../../../contract/organization.ts';
import { formatDate, formatMoney } from '@/lib/format';
import classes from '@/components/print-sheet.module.css';
import { paymentParticulars, type DuesT } from './statement-model';

const ENTRY_LABELS = {
  bill: 'statement.billEntry',
  credit_note: 'statement.creditNoteEntry',
  debit_note: 'statement.debitNoteEntry',
} as const satisfies Record<Exclude<StatementEntry['kind'], 'payment'>, string>;

export interface StatementDocumentProps {
  statement: Statement;
  seller: OrganizationProfile | null;
  language: string;
  /** Texts fixed to the document's language, which may differ from the interface's. */
  t: DuesT;
  /** Bills still open past the MSMED Act's 45 days (marked only for a Udyam-registered seller). */
  lateBillIds: ReadonlySet<string>;
  today: string;
}

/** The statement of account as it prints on A4, in the printed bill's look. */
export function StatementDocument({
  statement,
  seller,
  language,
  t,
  lateBillIds,
  today,
}: StatementDocumentProps) {
  const money = (amount: number) => formatMoney(amount, language);
  const date = (value: string) => formatDate(value, language);
  const { merchant } = statement;
  const sellerPlace = seller ? [seller.city, seller.pincode].filter(Boolean).join(' - ') : '';
  return (
    <article className={classes.sheet} data-paper="A4" lang={language}>
      <header className={classes.titleRow}>
        <h2 className={classes.title}>{t('statement.title')}</h2>
        <span className={classes.copyLabel}>
          {t('statement.periodValue', {
            start: date(statement.startDate),
            end: date(statement.endDate),
          })}
        </span>
      </header>
      <section className={classes.parties} style={{ gridTemplateColumns: '1fr 1fr' }}>
        {seller ? (
          <div className={classes.party}>
            <div className={classes.partyHeading}>{t('statement.seller')}</div>
            <div className={classes.partyName}>{seller.legalName ?? seller.name}</div>
            {seller.address ? <div className={classes.address}>{seller.address}</div> : null}
            {sellerPlace ? <div>{sellerPlace}</div> : null}
            {seller.gstin ? (
              <div className={classes.field}>
                <span className={classes.fieldLabel}>{t('statement.gstin')}: </span>
                <span className={classes.unbroken}>{seller.gstin}</span>
              </div>
            ) : null}
            {seller.phone ? (
              <div className={classes.field}>
                <span className={classes.fieldLabel}>{t('statement.phone')}: </span>
                <span className={classes.unbroken}>{seller.phone}</span>
              </div>
            ) : null}
          </div>
        ) : (
          <div />
        )}
        <div className={classes.party}>
          <div className={classes.partyHeading}>{t('statement.buyer')}</div>
          <div className={classes.partyName}>{merchant.name}</div>
          {merchant.address ? <div className={classes.address}>{merchant.address}</div> : null}
          {merchant.city ? <div>{merchant.city}</div> : null}
          {merchant.gstin ? (
            <div className={classes.field}>
              <span className={classes.fieldLabel}>{t('statement.gstin')}: </span>
              <span className={classes.unbroken}>{merchant.gstin}</span>
            </div>
          ) : null}
          {merchant.phone ? (
            <div className={classes.field}>
              <span className={classes.fieldLabel}>{t('statement.phone')}: </span>
              <span className={classes.unbroken}>{merchant.phone}</span>
            </div>
          ) : null}
        </div>
      </section>
      <table className={classes.lines} aria-label={t('statement.tableLabel')}>
        <thead>
          <tr>
            <th scope="col">{t('statement.date')}</th>
            <th scope="col">{t('statement.particulars')}</th>
            <th scope="col" className={classes.numeric}>
              {t('statement.debit')}
            </th>
            <th scope="col" className={classes.numeric}>
              {t('statement.credit')}
            </th>
            <th scope="col" className={classes.numeric}>
              {t('statement.balance')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className={classes.unbroken}>{date(statement.startDate)}</td>
            <th scope="row" style={{ fontWeight: 700 }}>
              {t('statement.opening')}
            </th>
            <td />
            <td />
            <td className={classes.numeric}>{money(statement.openingBalance)}</td>
          </tr>
          {statement.entries.length === 0 ? (
            <tr>
              <td />
              <td colSpan={4}>{t('statement.noEntries')}</td>
            </tr>
          ) : null}
          {statement.entries.map((entry) => (
            <tr key={`${entry.kind}-${entry.id}`} data-kind={entry.kind}>
              <td className={classes.unbroken}>{date(entry.date)}</td>
              <td>
                {entry.kind === 'payment'
                  ? t('statement.paymentEntry', {
                      reference: paymentParticulars(entry.reference, t),
                    })
                  : t(ENTRY_LABELS[entry.kind], { reference: entry.reference })}
                {lateBillIds.has(entry.id) ? (
                  <strong style={{ color: '#b00020' }}> · {t('statement.pastMsme')}</strong>
                ) : null}
              </td>
              <td className={classes.numeric}>{entry.debit ? money(entry.debit) : ''}</td>
              <td className={classes.numeric}>{entry.credit ? money(entry.credit) : ''}</td>
              <td className={classes.numeric}>{money(entry.balance)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className={classes.grandTotal}>
            <td className={classes.unbroken}>{date(statement.endDate)}</td>
            <th scope="row" style={{ fontWeight: 700 }}>
              {t('statement.closing')}
            </th>
            <td />
            <td />
            <td className={classes.numeric} style={{ fontWeight: 700 }}>
              {money(statement.closingBalance)}
            </td>
          </tr>
        </tfoot>
      </table>
      <footer className={classes.footer}>
        <div className={classes.terms}>{t('statement.generated', { date: date(today) })}</div>
      </footer>
    </article>
  );
}
