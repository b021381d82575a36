import {
  Autocomplete,
  Box,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DISPLAY_DATE_FORMAT } from '@/lib/format';
import { parseTypedDate } from '@/lib/parse-typed-date';
import { fieldConstraints } from '@/lib/schema-constraints';
import { runtimeT } from '@/lib/translation-keys';
import type { Resources } from 'i18next';

type FieldKind =
  | 'text'
  | 'textarea'
  | 'number'
  | 'money'
  | 'date'
  | 'select'
  | 'autocomplete'
  | 'switch'
  | 'custom';

/**
 * One input of a form. Its label, placeholder and hint come from the area's namespace
 * (`fields.<name>`, `placeholders.<name>`, `hints.<name>`), and required/maxLength from the
 * contract's schema, so a form restates neither.
 */
export interface FieldSpec {
  name: string;
  kind: FieldKind;
  /** Takes a whole row of the two-column layout. Long text and switches always do. */
  wide?: boolean;
  /** A select's values; labels are `<optionLabels>.<value>` in the namespace. */
  options?: readonly string[];
  /** A select's choices when they are records (a pick list), already labelled. */
  choices?: readonly { value: string; label: string }[];
  optionLabels?: string;
  /** Suggestions of an autocomplete. */
  suggestions?: readonly string[];
  /** What a new record starts with (a date `today`, a switch on). */
  initial?: unknown;
  /** Written in a monospace face (codes, account numbers); `upper` also shows capitals. */
  code?: boolean | 'upper';
  /** Extra props for the input, e.g. `type`, `inputMode`, `autoComplete`, `rows`. */
  props?: Record<string, unknown>;
  /** An input of the area's own, for what no kind covers; it gets the form to read and set. */
  render?: (form: UseFormReturnType<Record<string, unknown>>) => ReactNode;
}

/** The form's values for a record (or a new one), in the shapes the inputs hold. */
export function initialFieldValues(
  fields: readonly FieldSpec[],
  record?: Record<string, unknown> | null,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.kind === 'custom') continue;
    const stored = record?.[field.name];
    if (stored !== undefined && stored !== null) {
      values[field.name] = stored;
      continue;
    }
    if (record == null && field.initial !== undefined) {
      values[field.name] = field.initial === 'today' ? dayjs().format('YYYY-MM-DD') : field.initial;
      continue;
    }
    if (field.kind === 'switch') values[field.name] = false;
    else if (field.kind === 'select' || field.kind === 'date') values[field.name] = null;
    else values[field.name] = '';
  }
  return values;
}

/**
 * The contract's schema as a form validates it. Inputs hold '' or null when empty: a missing
 * required value reads as "required", an empty optional number, date or choice as "none" (null).
 * Numbers are parsed, never clamped or sign-flipped: the schema refuses what is out of range.
 */
export function formSchema(
  fields: readonly FieldSpec[],
  shape: Record<string, z.core.$ZodType>,
  schema: z.ZodType,
) {
  return z.preprocess((raw) => {
    const values = { ...(raw as Record<string, unknown>) };
    for (const field of fields) {
      if (field.kind === 'text' || field.kind === 'textarea' || field.kind === 'custom') continue;
      const value = values[field.name];
      if (value === '' || value === null) {
        values[field.name] = fieldConstraints(shape[field.name]).required ? undefined : null;
      } else if ((field.kind === 'number' || field.kind === 'money') && typeof value === 'string') {
        if (value.trim() !== '' && !Number.isNaN(Number(value))) values[field.name] = Number(value);
      } else if (field.kind === 'date' && typeof value === 'string') {
        values[field.name] = dayjs(value).format('YYYY-MM-DD');
      }
    }
    return values;
  }, schema);
}

export interface FormFieldsProps<Values extends Record<string, unknown>> {
  fields: readonly FieldSpec[];
  form: UseFormReturnType<Values>;
  /** The contract's field schemas (e.g. `designShape`), read for required and maxLength. */
  shape: Record<string, z.core.$ZodType>;
  /** The area's namespace for labels, placeholders, hints and option labels. */
  namespace: keyof Resources;
}

const WIDE_KINDS = new Set<FieldKind>(['textarea', 'switch']);
const monospace: CSSProperties = { fontFamily: 'var(--mantine-font-family-monospace)' };

/** The inputs of a record form, two columns from small screens up, one below. */
export function FormFields<Values extends Record<string, unknown>>({
  fields,
  form,
  shape,
  namespace,
}: FormFieldsProps<Values>) {
  const { t: typedT, i18n } = useTranslation([namespace, 'ui']);
  // Field keys are built from field names at run time; the names come from the contract's shape.
  const t = runtimeT(typedT);
  const text = (key: string) => (i18n.exists(`${namespace}:${key}`) ? t(key) : undefined);

  const renderField = (field: FieldSpec, index: number) => {
    if (field.render) return field.render(form);
    const { required, maxLength } = fieldConstraints(shape[field.name]);
    const common = {
      label: t(`fields.${field.name}`),
      placeholder: text(`placeholders.${field.name}`),
      description: text(`hints.${field.name}`),
      required,
      // The first input takes the focus when the dialog opens.
      ...(index === 0 ? { 'data-autofocus': true } : {}),
      ...field.props,
    };
    const codeStyles = field.code
      ? {
          styles: {
            input: {
              ...monospace,
              ...(field.code === 'upper' ? { textTransform: 'uppercase' } : {}),
            },
          },
        }
      : {};
    switch (field.kind) {
      case 'textarea':
        return (
          <Textarea
            rows={3}
            resize="vertical"
            maxLength={maxLength}
            {...common}
            {...form.getInputProps(field.name)}
          />
        );
      case 'number':
      case 'money':
        return (
          <NumberInput
            hideControls
            inputMode={field.kind === 'money' ? 'decimal' : 'numeric'}
            decimalScale={field.kind === 'money' ? 2 : 0}
            clampBehavior="none"
            {...(field.kind === 'money'
              ? { leftSection: '₹', thousandSeparator: ',', thousandsGroupStyle: 'lakh' as const }
              : {})}
            {...common}
            {...form.getInputProps(field.name)}
          />
        );
      case 'date':
        return (
          <DateInput
            valueFormat={DISPLAY_DATE_FORMAT}
            dateParser={parseTypedDate}
            leftSection={<IconCalendar size={16} aria-hidden />}
            popoverProps={{ withinPortal: true }}
            clearable={!required}
            clearButtonProps={{ 'aria-label': typedT('ui:filters.clear', { label: common.label }) }}
            {...common}
            {...form.getInputProps(field.name)}
          />
        );
      case 'select':
        return (
          <Select
            data={
              field.choices
                ? [...field.choices]
                : (field.options ?? []).map((value) => ({
                    value,
                    label: t(`${field.optionLabels ?? field.name}.${value}`),
                  }))
            }
            clearable={!required}
            comboboxProps={{ withinPortal: true }}
            {...common}
            {...form.getInputProps(field.name)}
          />
        );
      case 'autocomplete':
        return (
          <Autocomplete
            data={[...(field.suggestions ?? [])]}
            limit={20}
            maxLength={maxLength}
            {...common}
            {...form.getInputProps(field.name)}
          />
        );
      case 'switch':
        return (
          <Switch
            label={common.label}
            description={common.description}
            disabled={field.props?.disabled === true}
            {...form.getInputProps(field.name, { type: 'checkbox' })}
          />
        );
      default:
        return (
          <TextInput
            maxLength={maxLength}
            {...codeStyles}
            {...common}
            {...form.getInputProps(field.name)}
          />
        );
    }
  };

  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
      {fields.map((field, index) => (
        <Box
          key={field.name}
          style={field.wide || WIDE_KINDS.has(field.kind) ? { gridColumn: '1 / -1' } : undefined}
        >
          {renderField(field, index)}
        </Box>
      ))}
    </SimpleGrid>
  );
}
