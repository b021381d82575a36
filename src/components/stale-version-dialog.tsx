import { Button, Group, Modal, Table, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '@/components/form-fields';
import { staleRecordOf } from '@/lib/api-client';
import { runtimeT } from '@/lib/translation-keys';

type AnyRecord = Record<string, unknown>;

/** What the dialog needs of a field: its name (label `fields.<name>`) and how its value reads. */
export type StaleField = Pick<FieldSpec, 'name' | 'options' | 'optionLabels' | 'choices'> & {
  /** For values no field kind words well (e.g. an order's lines). */
  format?: (value: unknown) => string;
  /** Its label, when it is not `fields.<name>` of the namespace. */
  label?: string;
  /** What counts when comparing, for values that carry more than the user edits. */
  compareAs?: (value: unknown) => unknown;
};

/** Empty inputs ('' or null) and absent values read the same; numbers compare by their value. */
function comparable(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed !== '' && !Number.isNaN(Number(trimmed)) ? String(Number(trimmed)) : trimmed;
  }
  return JSON.stringify(value);
}

export function sameValue(a: unknown, b: unknown): boolean {
  return comparable(a) === comparable(b);
}

/** The fields whose stored value is no longer the one this user read. */
export function changedFields<F extends StaleField>(
  fields: readonly F[],
  read: AnyRecord,
  current: AnyRecord,
): F[] {
  const value = (field: F, record: AnyRecord) =>
    field.compareAs ? field.compareAs(record[field.name]) : record[field.name];
  return fields.filter((field) => !sameValue(value(field, read), value(field, current)));
}

/**
 * Keeps the version an edit form read and, when a save meets `stale_version`, what the dialog
 * shows. "Use theirs" and "Keep mine" both move the form onto the current record's version.
 */
export function useStaleVersion<TRecord extends { version: number }>(record: TRecord | null) {
  const [read, setRead] = useState<TRecord | null>(record);
  const [conflict, setConflict] = useState<{ current: TRecord; mine: AnyRecord } | null>(null);

  /** True (and the dialog opens) when the failed save was refused as stale. */
  const catchStale = useCallback((error: unknown, mine: AnyRecord) => {
    const current = staleRecordOf(error);
    if (!current) return false;
    setConflict({ current: current as TRecord, mine });
    return true;
  }, []);

  /** Takes the current record as the one read and closes the dialog; returns what to show. */
  const resolve = useCallback(() => {
    if (!conflict) return null;
    setRead(conflict.current);
    setConflict(null);
    return conflict;
  }, [conflict]);

  return {
    /** The record as this form last read it (the base of "what changed"). */
    read,
    /** The version to send with the next save. */
    version: read?.version,
    conflict,
    catchStale,
    resolve,
    /** Takes a newer read as the base, e.g. after this user's own status move. */
    adopt: setRead,
    dismiss: () => setConflict(null),
  };
}

export interface StaleVersionDialogProps {
  /** The area's namespace: labels are `fields.<name>`, option labels as the form shows them. */
  namespace: string;
  fields: readonly StaleField[];
  /** What this user read before editing. */
  read: AnyRecord;
  /** What is stored now (the 409's `data`). */
  current: AnyRecord;
  /** What this user wants to save. */
  mine: AnyRecord;
  onUseTheirs: () => void;
  onKeepMine: () => void;
  /** Closing without choosing keeps the form open as it is. */
  onClose: () => void;
}

/**
 * "Someone else saved this record first": the fields that changed since this user read the
 * record, theirs next to this user's, and the two ways on: take theirs (the form reloads) or keep
 * mine (saved again over the current version).
 */
export function StaleVersionDialog({
  namespace,
  fields,
  read,
  current,
  mine,
  onUseTheirs,
  onKeepMine,
  onClose,
}: StaleVersionDialogProps) {
  const { t: uiT } = useTranslation('ui');
  // Labels and option labels are keys of the area's namespace, put together from field names.
  const t = runtimeT(useTranslation(namespace as Parameters<typeof useTranslation>[0]).t);
  const changed = changedFields(fields, read, current);

  const show = (field: StaleField, value: unknown): string => {
    if (value === undefined || value === null || value === '') return uiT('staleVersion.empty');
    if (field.format) return field.format(value);
    if (typeof value === 'boolean') return uiT(value ? 'staleVersion.yes' : 'staleVersion.no');
    const text =
      typeof value === 'string' || typeof value === 'number'
        ? String(value)
        : JSON.stringify(value);
    const choice = field.choices?.find((option) => option.value === text);
    if (choice) return choice.label;
    if (field.options?.includes(text)) {
      return t(`${namespace}:${field.optionLabels ?? field.name}.${text}`);
    }
    return text;
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={uiT('staleVersion.title')}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': uiT('actions.close') }}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text size="sm" mb="md">
        {uiT('staleVersion.message')}
      </Text>
      {changed.length > 0 ? (
        <Table withTableBorder striped mb="lg" aria-label={uiT('staleVersion.tableLabel')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{uiT('staleVersion.field')}</Table.Th>
              <Table.Th>{uiT('staleVersion.theirs')}</Table.Th>
              <Table.Th>{uiT('staleVersion.yours')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {changed.map((field) => (
              <Table.Tr key={field.name}>
                <Table.Td>{field.label ?? t(`${namespace}:fields.${field.name}`)}</Table.Td>
                <Table.Td>{show(field, current[field.name])}</Table.Td>
                <Table.Td>{show(field, mine[field.name])}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed" mb="lg">
          {uiT('staleVersion.noFieldChanges')}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onUseTheirs}>
          {uiT('staleVersion.useTheirs')}
        </Button>
        <Button onClick={onKeepMine} data-autofocus>
          {uiT('staleVersion.keepMine')}
        </Button>
      </Group>
    </Modal>
  );
}
