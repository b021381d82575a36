import {
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface FieldBase {
  label: string;
  /** Width on larger screens; fields take the full row on a phone. */
  width?: number;
}

export type FilterField =
  | (FieldBase & { type: 'text'; name: string; placeholder?: string })
  | (FieldBase & {
      type: 'select';
      name: string;
      options: { value: string; label: string }[];
      placeholder?: string;
      searchable?: boolean;
    })
  | (FieldBase & { type: 'boolean'; name: string; trueLabel?: string; falseLabel?: string })
  | (FieldBase & {
      type: 'number';
      name: string;
      min?: number;
      max?: number;
      decimalScale?: number;
    })
  | (FieldBase & { type: 'date'; name: string })
  | (FieldBase & { type: 'dateRange'; from: string; to: string });

/**
 * The merchant select of a list that belongs to merchants, keyed `merchantId` as every such list
 * query is; `merchants` are all of them (undefined while they load).
 */
export function merchantFilterField(
  merchants: readonly { _id: string; name: string }[] | undefined,
  texts: { label: string; placeholder: string },
  width = 220,
): FilterField {
  return {
    type: 'select',
    name: 'merchantId',
    ...texts,
    searchable: true,
    width,
    options: (merchants ?? []).map((merchant) => ({ value: merchant._id, label: merchant.name })),
  };
}

/** The active/inactive filter of a list whose records are deactivated rather than deleted. */
export function activeFilterField(
  label: string,
  activeLabel: string,
  inactiveLabel: string,
  width: number,
): FilterField {
  return {
    type: 'boolean',
    name: 'isActive',
    label,
    trueLabel: activeLabel,
    falseLabel: inactiveLabel,
    width,
  };
}

/**
 * The date range of a list whose query takes `startDate` and `endDate` (see `DATE_RANGE_FILTERS`);
 * without a width it sizes to its dates.
 */
export function dateRangeFilterField(label: string, width?: number): FilterField {
  return {
    type: 'dateRange',
    from: 'startDate',
    to: 'endDate',
    label,
    ...(width ? { width } : {}),
  };
}

export type FilterChange = (name: string, value: string | number | boolean | undefined) => void;

export interface FilterBarProps {
  fields: FilterField[];
  /** Current input values by name (e.g. `useListParams().inputValues`). */
  values: Record<string, unknown>;
  onChange: FilterChange;
  onReset: () => void;
  /** Disable "Reset filters" when nothing differs from the defaults. */
  canReset?: boolean;
}

const asText = (value: unknown) => (typeof value === 'string' ? value : '');
const asDate = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function fieldKey(field: FilterField) {
  return field.type === 'dateRange' ? `${field.from}:${field.to}` : field.name;
}

/** The filters above a list, built from a config so each area only lists its fields. */
/**
 * A date picker is a button showing the chosen dates; its name must contain that visible text
 * (WCAG 2.5.3), so it is named by a hidden label followed by its own content.
 */
export function dateButtonNaming(baseId: string, label: string, showsMoreThanLabel: boolean) {
  const labelId = `${baseId}-label`;
  const buttonId = `${baseId}-button`;
  return {
    // Empty, a filter shows its label as placeholder: then the label alone names it.
    props: {
      id: buttonId,
      'aria-labelledby': showsMoreThanLabel ? `${labelId} ${buttonId}` : labelId,
    },
    label: <VisuallyHidden id={labelId}>{label}</VisuallyHidden>,
  };
}

export function FilterBar({ fields, values, onChange, onReset, canReset = true }: FilterBarProps) {
  const baseId = useId();
  const { t } = useTranslation('ui');

  const renderField = (field: FilterField) => {
    const width = { base: '100%', sm: field.width ?? 220 };
    switch (field.type) {
      case 'text':
        return (
          <TextInput
            w={width}
            aria-label={field.label}
            placeholder={field.placeholder ?? field.label}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={asText(values[field.name])}
            onChange={(event) => onChange(field.name, event.currentTarget.value)}
          />
        );
      case 'select':
        return (
          <Select
            w={width}
            aria-label={field.label}
            placeholder={field.placeholder ?? field.label}
            data={field.options}
            value={asText(values[field.name]) || null}
            onChange={(value) => onChange(field.name, value ?? undefined)}
            searchable={field.searchable}
            clearable
          />
        );
      case 'boolean': {
        const current = values[field.name];
        return (
          <Select
            w={width}
            aria-label={field.label}
            placeholder={field.label}
            data={[
              { value: 'true', label: field.trueLabel ?? t('filters.yes') },
              { value: 'false', label: field.falseLabel ?? t('filters.no') },
            ]}
            value={current === true ? 'true' : current === false ? 'false' : null}
            onChange={(value) =>
              onChange(field.name, value === null ? undefined : value === 'true')
            }
            clearable
          />
        );
      }
      case 'number': {
        const current = values[field.name];
        return (
          <NumberInput
            w={width}
            aria-label={field.label}
            placeholder={field.label}
            min={field.min}
            max={field.max}
            decimalScale={field.decimalScale}
            value={typeof current === 'number' ? current : ''}
            onChange={(value) =>
              onChange(field.name, typeof value === 'number' ? value : undefined)
            }
          />
        );
      }
      case 'date': {
        const naming = dateButtonNaming(
          `${baseId}-${fieldKey(field)}`,
          field.label,
          Boolean(values[field.name]),
        );
        return (
          <>
            {naming.label}
            <DatePickerInput
              {...naming.props}
              w={width}
              placeholder={field.label}
              leftSection={<IconCalendar size={16} aria-hidden />}
              valueFormat="DD MMM YYYY"
              value={asDate(values[field.name])}
              onChange={(value) => onChange(field.name, value ?? undefined)}
              clearable
              clearButtonProps={{ 'aria-label': t('filters.clear', { label: field.label }) }}
            />
          </>
        );
      }
      case 'dateRange': {
        const naming = dateButtonNaming(
          `${baseId}-${fieldKey(field)}`,
          field.label,
          Boolean(values[field.from] || values[field.to]),
        );
        return (
          <>
            {naming.label}
            <DatePickerInput
              {...naming.props}
              type="range"
              w={{ base: '100%', sm: field.width ?? 280 }}
              placeholder={field.label}
              leftSection={<IconCalendar size={16} aria-hidden />}
              valueFormat="DD MMM YYYY"
              allowSingleDateInRange
              value={[asDate(values[field.from]), asDate(values[field.to])]}
              onChange={([from, to]) => {
                onChange(field.from, from ?? undefined);
                onChange(field.to, to ?? undefined);
              }}
              clearable
              clearButtonProps={{ 'aria-label': t('filters.clear', { label: field.label }) }}
            />
          </>
        );
      }
    }
  };

  return (
    <Paper withBorder p="sm" mb="md" role="search" aria-label={t('filters.label')}>
      <Group gap="sm" align="center" wrap="wrap">
        {fields.map((field) => (
          <div key={fieldKey(field)} style={{ display: 'contents' }}>
            {renderField(field)}
          </div>
        ))}
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={onReset}
          disabled={!canReset}
          ml={{ base: 0, sm: 'auto' }}
        >
          {t('filters.reset')}
        </Button>
      </Group>
    </Paper>
  );
}
