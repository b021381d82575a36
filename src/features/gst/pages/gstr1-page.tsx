import {
  Alert,
  Anchor,
  Button,
  Group,
  List,
  Menu,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconChevronDown, IconDownload, IconFileSpreadsheet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  GST_PERIOD_PATTERN,
  GST_QUARTER_PATTERN,
  type Gstr1Problem,
  type Gstr1Summary,
} from '../../../../contract/gstr1.ts';
import { LabelledSegmentedControl } from '@/components/labelled-segmented-control';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { tableQueryState } from '@/components/query-state';
import { PageHeader } from '@/components/page-header';
import { useFormatters } from '@/lib/format';
import { notifyError } from '@/lib/notify';
import { describeError } from '@/lib/resource-factory';
import { downloadFile, gstr1Tables, tableCsv } from '../gstr1-files';
import { fetchGstr1, gstr1Summary, type GstPeriodChoice } from '../gstr1-queries';
import { sumRupees } from '../../../../contract/money.ts';

const AMOUNT_KEYS = ['txval', 'iamt', 'camt', 'samt'] as const;
type Sums = Record<(typeof AMOUNT_KEYS)[number], number>;

interface SummaryRow extends Sums {
  key: string;
  label: string;
  count: number | null;
  emphasis?: boolean;
}

/**
 * The sections of documents (bills and notes, a credit note counted negative): together they are
 * the register's live bills and notes. The HSN tables summarise the same supplies again.
 */
const INVOICE_SECTIONS = new Set(['b2b', 'b2cl', 'b2cs', 'nil', 'cdnr', 'cdnur']);

/** Adds in paise, so a total of many two-decimal amounts is exact. */
function invoiceTotals(summary: Gstr1Summary): Sums & { count: number } {
  const sections = summary.sections.filter((section) => INVOICE_SECTIONS.has(section.section));
  const paise = (key: keyof Sums) => sumRupees(sections.map((section) => section[key]));
  return {
    count: sections.reduce((sum, section) => sum + section.count, 0),
    txval: paise('txval'),
    iamt: paise('iamt'),
    camt: paise('camt'),
    samt: paise('samt'),
  };
}

export function reconciles(summary: Gstr1Summary): boolean {
  const totals = invoiceTotals(summary);
  return (
    totals.count === summary.register.count &&
    AMOUNT_KEYS.every((key) => totals[key] === summary.register[key])
  );
}

/** `MMYYYY` of a month. */
const periodOf = (month: dayjs.Dayjs) => month.format('MMYYYY');
const quarterOf = (month: dayjs.Dayjs) => `${month.year()}-Q${Math.floor(month.month() / 3) + 1}`;

/** The choice in the URL, or last month: the one usually filed next. */
export function choiceFromSearch(search: URLSearchParams): GstPeriodChoice {
  const quarter = search.get('quarter');
  if (quarter && GST_QUARTER_PATTERN.test(quarter)) return { quarter };
  const period = search.get('period');
  if (period && GST_PERIOD_PATTERN.test(period)) return { period };
  return { period: periodOf(dayjs().subtract(1, 'month')) };
}

const PICKER_MONTHS = 18;
const PICKER_QUARTERS = 8;

function useMonthName() {
  const format = useFormatters();
  return useMemo(() => {
    const formatter = new Intl.DateTimeFormat(format.language, { month: 'long' });
    return (month: dayjs.Dayjs) => formatter.format(month.toDate());
  }, [format.language]);
}

function PeriodPicker({
  choice,
  onChange,
}: {
  choice: GstPeriodChoice;
  onChange: (choice: GstPeriodChoice) => void;
}) {
  const { t } = useTranslation('gst');
  const monthName = useMonthName();
  const thisMonth = dayjs().startOf('month');
  const months = Array.from({ length: PICKER_MONTHS }, (_, index) =>
    thisMonth.subtract(index, 'month'),
  );
  const quarterStarts = Array.from({ length: PICKER_QUARTERS }, (_, index) =>
    thisMonth.subtract(thisMonth.month() % 3, 'month').subtract(index * 3, 'month'),
  );
  const byQuarter = 'quarter' in choice;
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <LabelledSegmentedControl
        label={t('period.kind')}
        labelWeight={500}
        value={byQuarter ? 'quarter' : 'month'}
        data={[
          { value: 'month', label: t('period.month') },
          { value: 'quarter', label: t('period.quarter') },
        ]}
        onChange={(kind) =>
          onChange(
            kind === 'quarter'
              ? { quarter: quarterOf(thisMonth.subtract(3, 'month')) }
              : { period: periodOf(thisMonth.subtract(1, 'month')) },
          )
        }
      />
      {byQuarter ? (
        <NativeSelect
          label={t('period.quarterLabel')}
          value={choice.quarter}
          onChange={(event) => onChange({ quarter: event.currentTarget.value })}
          data={quarterStarts.map((start) => ({
            value: quarterOf(start),
            label: t('period.quarterOption', {
              from: monthName(start),
              to: monthName(start.add(2, 'month')),
              year: start.year(),
            }),
          }))}
          w={260}
        />
      ) : (
        <NativeSelect
          label={t('period.monthLabel')}
          value={choice.period}
          onChange={(event) => onChange({ period: event.currentTarget.value })}
          data={months.map((month) => ({
            value: periodOf(month),
            label: `${monthName(month)} ${month.year()}`,
          }))}
          w={220}
        />
      )}
    </Group>
  );
}

/** Where each problem is fixed. */
function problemLink(problem: Gstr1Problem): string {
  switch (problem.entity) {
    case 'organization':
      return '/settings/account';
    case 'merchant':
      return `/merchants?name=${encodeURIComponent(problem.label)}`;
    case 'bill':
      return `/billing/${encodeURIComponent(problem.entityId)}/print`;
  }
}

function Downloads({ choice, fp }: { choice: GstPeriodChoice; fp: string | undefined }) {
  const { t } = useTranslation('gst');
  const [busy, setBusy] = useState(false);
  const [tables, setTables] = useState<ReturnType<typeof gstr1Tables> | null>(null);

  const withReturn = async (work: (gstr1: Awaited<ReturnType<typeof fetchGstr1>>) => void) => {
    setBusy(true);
    try {
      work(await fetchGstr1(choice));
    } catch (error) {
      notifyError(describeError(error, t, 'gst:errors.download'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="sm" wrap="wrap">
      <Button
        leftSection={<IconDownload size={18} aria-hidden />}
        loading={busy}
        disabled={!fp}
        onClick={() =>
          void withReturn((gstr1) =>
            downloadFile(
              `GSTR1_${gstr1.gstin || 'GSTIN'}_${gstr1.fp}.json`,
              JSON.stringify(gstr1),
              'application/json',
            ),
          )
        }
      >
        {t('download.json')}
      </Button>
      <Menu
        position="bottom-start"
        onOpen={() => void withReturn((gstr1) => setTables(gstr1Tables(gstr1)))}
      >
        <Menu.Target>
          <Button
            variant="default"
            disabled={!fp}
            leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
            rightSection={<IconChevronDown size={16} aria-hidden />}
          >
            {t('download.csv')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {busy || !tables ? (
            <Menu.Label>{t('download.preparing')}</Menu.Label>
          ) : (
            tables.map((table) => (
              <Menu.Item
                key={table.name}
                onClick={() =>
                  downloadFile(`GSTR1_${fp}_${table.name}.csv`, tableCsv(table), 'text/csv')
                }
              >
                {t(`sections.${table.name as 'b2b'}`)}
              </Menu.Item>
            ))
          )}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** `/billing/gstr1`: the return before it is downloaded, beside the register, and what to fix. */
export default function Gstr1Page() {
  const { t } = useTranslation(['gst', 'ui']);
  const format = useFormatters();
  const [search, setSearch] = useSearchParams();
  const choice = choiceFromSearch(search);
  const query = useQuery(gstr1Summary(choice));
  const summary = query.data ?? undefined;

  const rows: SummaryRow[] = summary
    ? [
        ...summary.sections.map((section) => ({
          ...section,
          key: section.section,
          label: t(`sections.${section.section}`),
        })),
        {
          key: 'returnTotal',
          label: t('returnTotal'),
          emphasis: true,
          ...invoiceTotals(summary),
        },
        { key: 'register', label: t('register'), emphasis: true, ...summary.register },
      ]
    : [];

  const amount = (value: number, emphasis?: boolean) => (
    <Text
      component="span"
      size="sm"
      fw={emphasis ? 700 : undefined}
      style={{ fontVariantNumeric: 'tabular-nums' }}
    >
      {format.money(value)}
    </Text>
  );
  const columns: DataTableColumn<SummaryRow>[] = [
    {
      key: 'table',
      header: t('columns.table'),
      priority: 1,
      minWidth: 150,
      render: (row) => (
        <Text size="sm" fw={row.emphasis ? 700 : 500}>
          {row.label}
        </Text>
      ),
    },
    {
      key: 'count',
      header: t('columns.count'),
      priority: 1,
      align: 'right',
      nowrap: true,
      render: (row) => (row.count === null ? '—' : format.number(row.count)),
    },
    ...AMOUNT_KEYS.map((key) => ({
      key,
      header: t(`columns.${key}`),
      priority: key === 'txval' ? (1 as const) : (2 as const),
      align: 'right' as const,
      nowrap: true,
      render: (row: SummaryRow) => amount(row[key], row.emphasis),
    })),
  ];

  const setChoice = (next: GstPeriodChoice) =>
    setSearch(new URLSearchParams(next), { replace: true });

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} />
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="md">
          <PeriodPicker choice={choice} onChange={setChoice} />
          <Downloads choice={choice} fp={summary?.fp} />
        </Group>
        {summary ? (
          <Text size="sm" c="dimmed">
            {t('period.dates', {
              start: format.date(summary.startDate),
              end: format.date(summary.endDate),
              fp: summary.fp,
            })}
          </Text>
        ) : null}
        {summary ? (
          <Alert
            color={reconciles(summary) ? 'teal' : 'orange'}
            variant="light"
            role="status"
            title={reconciles(summary) ? t('reconciled') : t('notReconciled')}
          />
        ) : null}
        <DataTable
          label={t('tableLabel')}
          columns={columns}
          rows={query.data ? rows : undefined}
          rowKey={(row) => row.key}
          {...tableQueryState(query, t, 'gst:errors.fetchSummary')}
        />
        {summary ? (
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="gstr3b">
              <Title order={3} size="h5" id="gstr3b" mb="xs">
                {t('gstr3b.title')}
              </Title>
              <Text size="sm" fw={600} mb={4}>
                {t('gstr3b.outward')}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mb="sm">
                {(['txval', 'iamt', 'camt', 'samt', 'csamt'] as const).map((key) => (
                  <Stack gap={0} key={key}>
                    <Text size="xs" c="dimmed">
                      {t(`columns.${key}`)}
                    </Text>
                    {amount(summary.gstr3b.outwardTaxable[key])}
                  </Stack>
                ))}
              </SimpleGrid>
              <Text size="sm" fw={600} mb={4}>
                {t('gstr3b.nilExempt')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('columns.txval')}
              </Text>
              {amount(summary.gstr3b.nilExempt.txval)}
              <Text size="sm" mt="sm">
                {t('documents', {
                  issued: format.number(summary.documents.issued),
                  cancelled: format.number(summary.documents.cancelled),
                })}
              </Text>
            </Paper>
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="gstr1-fix">
              <Title order={3} size="h5" id="gstr1-fix" mb="xs">
                {t('problems.title')}
              </Title>
              {summary.problems.length === 0 ? (
                <Text size="sm">{t('problems.none')}</Text>
              ) : (
                <List size="sm" spacing="xs">
                  {summary.problems.map((problem) => (
                    <List.Item key={`${problem.code}-${problem.entityId}`}>
                      {t(`problems.${problem.code}`, {
                        label: problem.label,
                        gstin: problem.gstin ?? '',
                      })}{' '}
                      <Anchor
                        component={Link}
                        to={problemLink(problem)}
                        size="sm"
                        aria-label={`${t('problems.open')}: ${problem.label}`}
                      >
                        {t('problems.open')}
                      </Anchor>
                    </List.Item>
                  ))}
                </List>
              )}
            </Paper>
          </SimpleGrid>
        ) : null}
      </Stack>
    </>
  );
}
