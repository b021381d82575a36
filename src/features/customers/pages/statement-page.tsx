import { Anchor, Button, Group, Select, Stack } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconCalendar, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { MSME_PAYMENT_DAYS } from '../../../../contract/dues.ts';
import { WhatsAppShareButton } from '@/components/toolbar-buttons';
import { printWhenFontsReady } from '@/components/print-when-fonts-ready';
import { useQueryFallback } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import classes from '@/components/print-sheet.module.css';
import { DISPLAY_DATE_FORMAT } from '@/lib/format';
import { LANGUAGE_NAMES, toLanguage, type Language } from '@/lib/i18n';
import { parseTypedDate } from '@/lib/parse-typed-date';
import { merchantStatement } from '@/features/customers/resource';
import { organization } from '@/features/organization/resource';
import { openBills as openBillsResource } from '@/features/payments/resource';
import { useFitToWidth } from '@/lib/use-fit-to-width';
import { StatementDocument } from '../statement-document';
import { financialYear, statementWhatsappLink } from '../statement-model';

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** The statement prints on A4 only. */
const A4_WIDTH_MM = 210;

const validDate = (value: string | null) => (value && DATE_PATTERN.test(value) ? value : null);

/** `/customers/:merchantId`: a merchant's statement of account, to read, print or share. */
export default function StatementPage() {
  const { merchantId = '' } = useParams();
  const { t: uiT, i18n } = useTranslation(['dues', 'ui']);
  const interfaceLanguage = toLanguage(i18n.resolvedLanguage ?? i18n.language);
  const [params, setParams] = useSearchParams();
  const today = dayjs().format('YYYY-MM-DD');
  const year = financialYear(today);
  const startDate = validDate(params.get('startDate')) ?? year.startDate;
  const endDate = validDate(params.get('endDate')) ?? year.endDate;
  // Printed in the reader's language or in English, as bills are.
  const languages: Language[] = interfaceLanguage === 'en' ? ['en'] : [interfaceLanguage, 'en'];
  const language = languages.find((value) => value === params.get('lang')) ?? interfaceLanguage;
  const { t, ready } = useTranslation('dues', { lng: language });

  const setParam = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  const range = startDate <= endDate ? { startDate, endDate } : { startDate, endDate: startDate };
  const query = useQuery(merchantStatement({ merchantId, ...range }));
  const profile = useQuery(organization.queries.profile());
  const open = useQuery({ ...openBillsResource({ merchantId }), enabled: !!merchantId });
  const statement = query.data ?? null;
  const seller = profile.data ?? null;

  const lateBillIds = new Set(
    seller?.udyamNumber
      ? (open.data ?? [])
          .filter((bill) => dayjs(today).diff(dayjs(bill.billDate), 'day') > MSME_PAYMENT_DAYS)
          .map((bill) => bill._id)
      : [],
  );

  const print = printWhenFontsReady;
  const { measure: measurePreview, zoom: previewZoom } = useFitToWidth(A4_WIDTH_MM);

  const body = useQueryFallback(query, {
    failureKey: 'dues:errors.fetchStatement',
    ready,
    subject: 'page',
  });

  const shareHref =
    statement && seller?.whatsappSharing && open.data
      ? statementWhatsappLink(
          statement.merchant.phone,
          { seller, merchantName: statement.merchant.name, openBills: open.data },
          language,
          t,
        )
      : null;

  const dateInput = (name: 'startDate' | 'endDate', value: string) => (
    <DateInput
      label={uiT(name === 'startDate' ? 'statement.from' : 'statement.to')}
      valueFormat={DISPLAY_DATE_FORMAT}
      dateParser={parseTypedDate}
      leftSection={<IconCalendar size={16} aria-hidden />}
      value={value}
      onChange={(next) => setParam(name, next ? dayjs(next).format('YYYY-MM-DD') : null)}
      w={170}
    />
  );

  return (
    <Stack gap="md" className={classes.page} data-bill-print>
      <style>{'@page { size: A4; margin: 10mm; }'}</style>
      <div className={classes.toolbar}>
        <PageHeader
          title={
            statement
              ? uiT('statement.heading', { name: statement.merchant.name })
              : uiT('statement.title')
          }
          description={
            <Anchor component={Link} to="/customers" size="sm">
              {uiT('statement.back')}
            </Anchor>
          }
        />
        <Group gap="sm" wrap="wrap" align="flex-end">
          {dateInput('startDate', startDate)}
          {dateInput('endDate', endDate)}
          <Select
            label={uiT('statement.language')}
            data={languages.map((value) => ({ value, label: LANGUAGE_NAMES[value] }))}
            value={language}
            onChange={(value) => value && setParam('lang', value)}
            allowDeselect={false}
            w={140}
          />
          <Button
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => void print()}
            disabled={!statement}
          >
            {uiT('statement.print')}
          </Button>
          {shareHref ? (
            <WhatsAppShareButton href={shareHref}>{uiT('statement.share')}</WhatsAppShareButton>
          ) : null}
        </Group>
      </div>
      {body}
      {statement && !body ? (
        <div
          className={classes.preview}
          ref={measurePreview}
          style={{ '--sheet-zoom': previewZoom } as CSSProperties}
        >
          <StatementDocument
            statement={statement}
            seller={seller}
            language={language}
            t={t}
            lateBillIds={lateBillIds}
            today={today}
          />
        </div>
      ) : null}
    </Stack>
  );
}
