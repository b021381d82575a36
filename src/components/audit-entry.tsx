import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntity, AuditEntry } from '../../contract/audit.ts';
import { AUDIT_ENTITY_NAMESPACES } from '../../contract/audit-entities.ts';
import { isGstStateCode } from '../../contract/gst.ts';
import { numberLocale, useFormatters, type Formatters } from '@/lib/format';
import { runtimeT } from '@/lib/translation-keys';

type AreaNamespace = NonNullable<(typeof AUDIT_ENTITY_NAMESPACES)[AuditEntity]>;

/** Every namespace an entry of any area may need, for screens that list all areas. */
export const AUDIT_NAMESPACES = [
  'audit',
  // State names, for a bill's place of supply and an address's state.
  'organization',
  ...new Set(
    Object.values(AUDIT_ENTITY_NAMESPACES).filter(
      (namespace): namespace is AreaNamespace => namespace !== null,
    ),
  ),
] as const;

const MONEY_FIELDS = new Set([
  'amount',
  'rate',
  'baseSalary',
  'totalAmount',
  'taxableAmount',
  'cgstAmount',
  'sgstAmount',
  'igstAmount',
  'roundOff',
  'paidAmount',
  'tdsAmount',
]);
const DATE_FIELDS = new Set([
  'orderDate',
  'deliveryDate',
  'joiningDate',
  'paymentDate',
  'expenseDate',
  'billDate',
  'dueDate',
  'workDate',
]);
/** Moments rather than days: shown with their time, as the entry's own time is. */
const TIMESTAMP_FIELDS = new Set(['cancelledAt']);
const PERCENT_FIELDS = new Set(['gstRate', 'defaultGstRate']);
/** Two-digit GST state codes, shown by the state's name as the forms list them. */
const STATE_FIELDS = new Set(['placeOfSupply', 'state']);
/** Fields holding a code whose words live in the area's namespace under this key. */
const CODED_FIELDS: Record<string, string> = {
  method: 'methods',
  status: 'status',
  salaryType: 'salaryTypes',
  paymentType: 'paymentTypes',
  paymentMethod: 'paymentMethods',
  billType: 'billTypes',
};

interface OrderLineChange {
  designCode?: string;
  name?: string;
  quantity?: number;
  rate?: number;
}

const isLineList = (value: unknown): value is OrderLineChange[] =>
  Array.isArray(value) && value.every((line) => typeof line === 'object' && line !== null);

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

/** "3 hours ago" in the interface language. */
export function relativeTime(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1000);
  const format = new Intl.RelativeTimeFormat(numberLocale(language), { numeric: 'auto' });
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') {
      return format.format(Math.round(seconds / size), unit);
    }
  }
  return format.format(0, 'second');
}

/** "24 Nov 2026, 3:05 pm" in the interface language. */
export function exactTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(numberLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/**
 * How the trail words an entry: actions, areas and field names translated (a field by the label
 * its own area's form uses), values formatted as the area shows them.
 */
export function useAuditTexts() {
  const { t: typedT } = useTranslation(AUDIT_NAMESPACES);
  const format = useFormatters();
  const t = runtimeT(typedT);

  const fieldLabel = useCallback(
    (entity: AuditEntity, field: string) => {
      const namespace = AUDIT_ENTITY_NAMESPACES[entity];
      const keys = namespace
        ? [`${namespace}:fields.${field}`, `${namespace}:columns.${field}`]
        : [];
      return t([...keys, `audit:fields.${field}`], { defaultValue: field });
    },
    [t],
  );

  const formatValue = useCallback(
    (entity: AuditEntity, field: string, value: unknown) =>
      formatAuditValue(t, format, AUDIT_ENTITY_NAMESPACES[entity], field, value),
    [t, format],
  );

  return useMemo(
    () => ({
      t,
      language: format.language,
      fieldLabel,
      formatValue,
      actionLabel: (entry: AuditEntry) => t(`audit:actions.${entry.action}`),
      entityLabel: (entity: AuditEntity) => {
        const namespace = AUDIT_ENTITY_NAMESPACES[entity];
        const own = namespace ? [`${namespace}:auditEntities.${entity}`] : [];
        return t([...own, `audit:entities.${entity}`]);
      },
      authorName: (entry: AuditEntry) => entry.userName || t('audit:history.system'),
    }),
    [t, format.language, fieldLabel, formatValue],
  );
}

function formatAuditValue(
  t: ReturnType<typeof runtimeT>,
  format: Formatters,
  namespace: string | null,
  field: string,
  value: unknown,
): string {
  if (value === null || value === undefined || value === '') return t('audit:values.empty');
  if (typeof value === 'boolean') return t(value ? 'audit:values.yes' : 'audit:values.no');
  if (typeof value === 'number') {
    if (PERCENT_FIELDS.has(field)) return `${format.number(value)} %`;
    return MONEY_FIELDS.has(field) ? format.money(value) : format.number(value);
  }
  if (typeof value === 'string') {
    if (DATE_FIELDS.has(field)) return format.date(value);
    if (TIMESTAMP_FIELDS.has(field)) return exactTime(value, format.language);
    if (STATE_FIELDS.has(field) && isGstStateCode(value)) {
      return `${t(`organization:states.${value}`)} (${value})`;
    }
    // As the bank-details list shows it: a glance over the history leaks no account number.
    if (field === 'accountNumber') return `•••• ${value.slice(-4)}`;
    const codes = CODED_FIELDS[field];
    if (codes && namespace) return t(`${namespace}:${codes}.${value}`, { defaultValue: value });
    return value;
  }
  if (field === 'designs' && isLineList(value)) {
    if (value.length === 0) return t('audit:values.noLines');
    return value
      .map((line) =>
        t('audit:values.line', {
          code: line.designCode ?? line.name ?? '',
          quantity: format.number(line.quantity),
          rate: format.money(line.rate),
        }),
      )
      .join('; ');
  }
  // A list of names or numbers, such as the PO numbers a bill was made from.
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) {
    return value.length === 0 ? t('audit:values.empty') : value.join(', ');
  }
  return JSON.stringify(value);
}

/** Field, before and after for each field an entry changed. */
function AuditChangesTable({ entry }: { entry: AuditEntry }) {
  const texts = useAuditTexts();
  const { t } = texts;
  const rows = useMemo(() => Object.entries(entry.changes), [entry.changes]);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {t('audit:history.noFieldChanges')}
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table
        withTableBorder
        layout="fixed"
        verticalSpacing={4}
        fz="sm"
        aria-label={t('audit:history.changesLabel', {
          action: texts.actionLabel(entry),
          when: exactTime(entry.at, texts.language),
        })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="28%">{t('audit:changes.field')}</Table.Th>
            <Table.Th>{t('audit:changes.before')}</Table.Th>
            <Table.Th>{t('audit:changes.after')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(([field, [before, after]]) => (
            <Table.Tr key={field}>
              <Table.Td fw={500}>{texts.fieldLabel(entry.entity, field)}</Table.Td>
              <Table.Td c="dimmed">{texts.formatValue(entry.entity, field, before)}</Table.Td>
              <Table.Td>{texts.formatValue(entry.entity, field, after)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One entry: what was done, by whom, when (relative, the exact time on hover), and the changes. */
export function AuditEntryItem({ entry }: { entry: AuditEntry }) {
  const texts = useAuditTexts();
  return (
    <Stack gap={6} component="article">
      <Group gap="xs" wrap="wrap">
        <Badge variant="light" color={entry.action === 'delete' ? 'red' : 'blue'}>
          {texts.actionLabel(entry)}
        </Badge>
        <Text size="sm" fw={500}>
          {texts.t('audit:history.by', { name: texts.authorName(entry) })}
        </Text>
        <Text size="sm" c="dimmed" component="time" dateTime={entry.at}>
          {relativeTime(entry.at, texts.language)} · {exactTime(entry.at, texts.language)}
        </Text>
      </Group>
      <AuditChangesTable entry={entry} />
    </Stack>
  );
}
