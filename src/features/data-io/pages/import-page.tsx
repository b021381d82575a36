import {
  Badge,
  Button,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORT_RESOURCES,
  type ImportResource,
  type ImportResult,
} from '../../../../contract/data-io.ts';
import { LabelledSegmentedControl } from '@/components/labelled-segmented-control';
import { PageHeader } from '@/components/page-header';
import { apiRequest, newIdempotencyKey } from '@/lib/api-client';
import { errorText, fieldErrorText } from '@/lib/error-text';
import { runtimeT, type AnyT } from '@/lib/translation-keys';
import {
  checkRows,
  matchColumns,
  readSpreadsheet,
  type ColumnMapping,
  type RowProblem,
} from '../import-sheet';
import { FileField } from '../components/file-field';
import { DoneAlert, FailureAlert } from '../components/outcome-alerts';
import { loadImportLabels, type ImportLabels } from '../import-labels';
import { UnusableFile, useChosenFile } from '../use-chosen-file';

const PREVIEW_ROWS = 50;

/** A problem in the interface language, led by the field's label. */
function problemText(
  problem: RowProblem,
  t: AnyT,
  namespace: ImportResource,
  fieldLabel: (key: string) => string,
) {
  const text = runtimeT(t);
  let message: string;
  if (problem.code === 'duplicate' && problem.params?.rule === 'in_file') {
    message = text('data-io:import.duplicateInFile', { row: problem.params.row });
  } else if (problem.code === 'duplicate' && problem.params?.rule === 'exists') {
    message = text('data-io:import.duplicateExists');
  } else {
    message = fieldErrorText(problem, t, namespace);
  }
  const field = problem.path.split('.')[0] ?? '';
  return field ? `${fieldLabel(field)}: ${message}` : message;
}

function ImportPageContent() {
  const { t, i18n } = useTranslation(['data-io', 'ui', 'validation', ...IMPORT_RESOURCES]);
  const text = runtimeT(t);
  const queryClient = useQueryClient();
  const [resource, setResource] = useState<ImportResource>('merchants');
  const spreadsheet = useChosenFile(async (file) => {
    const read = await readSpreadsheet(file);
    if (read.rows.length === 0) throw new UnusableFile(t('data-io:import.empty'));
    if (read.rows.length > IMPORT_MAX_ROWS) {
      throw new UnusableFile(t('data-io:import.tooMany', { max: IMPORT_MAX_ROWS }));
    }
    return read;
  }, t('data-io:import.readFailed'));
  const sheet = spreadsheet.content;
  const [labels, setLabels] = useState<ImportLabels | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>({});
  const [result, setResult] = useState<ImportResult | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // One key per file and mapping: a retry after a lost answer is the same import, never a second.
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);

  useEffect(() => {
    let current = true;
    void loadImportLabels(resource).then((loaded) => {
      if (current) setLabels(loaded);
    });
    return () => {
      current = false;
    };
  }, [resource]);

  const fields = IMPORT_FIELDS[resource];
  // The columns are matched again whenever the file or what it holds changes; a user's choices
  // then apply to that file only.
  const matchKey =
    sheet && labels ? `${resource}:${sheet.headers.join('\u0000')}:${sheet.rows.length}` : '';
  const [matchedFor, setMatchedFor] = useState('');
  if (matchKey !== matchedFor) {
    setMatchedFor(matchKey);
    setMapping(sheet && labels ? matchColumns(fields, sheet.headers, labels.names) : {});
    setResult(null);
    setSubmitError(null);
    setIdempotencyKey(newIdempotencyKey());
  }

  const fieldLabel = (key: string) => text(`${resource}:fields.${key}`);
  const checked = useMemo(
    () => (sheet && labels ? checkRows(resource, sheet, mapping, labels.words) : []),
    [resource, sheet, mapping, labels],
  );
  const readyCount = checked.filter((row) => row.problems.length === 0).length;
  const mappedFields = fields.filter((field) => mapping[field.key] != null);

  async function submit() {
    setSubmitting(true);
    setSubmitError(null);
    try {
      const { data } = await apiRequest<ImportResult>('POST', `/${resource}/import`, {
        json: { rows: checked.map(({ row, values }) => ({ row, values })) },
        idempotencyKey,
      });
      setResult(data);
      setIdempotencyKey(newIdempotencyKey());
      await queryClient.invalidateQueries({ queryKey: [resource] });
    } catch (error) {
      setSubmitError(errorText(error, t, 'data-io:import.failed'));
    } finally {
      setSubmitting(false);
    }
  }

  const headerOptions = (sheet?.headers ?? []).map((header, index) => ({
    value: String(index),
    label: header || `#${index + 1}`,
  }));

  return (
    <>
      <PageHeader title={t('data-io:import.title')} description={t('data-io:import.description')} />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <LabelledSegmentedControl
              label={t('data-io:import.resource')}
              labelWeight={600}
              value={resource}
              onChange={(value) => setResource(value)}
              data={IMPORT_RESOURCES.map((value) => ({
                value,
                label: text(`data-io:import.resources.${value}`),
              }))}
              style={{ alignSelf: 'flex-start' }}
            />
            <FileField
              {...spreadsheet.fieldProps}
              label={t('data-io:import.file')}
              placeholder={t('data-io:import.filePlaceholder')}
              description={t('data-io:import.fileHint')}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              leftSection={<IconFileSpreadsheet size={18} aria-hidden />}
              maw={480}
            />
            <FailureAlert message={spreadsheet.error} />
          </Stack>
        </Paper>

        {sheet && labels ? (
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-mapping">
            <Title order={2} size="h4" id="import-mapping">
              {t('data-io:import.mapping.title')}
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              {t('data-io:import.mapping.description')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              {fields.map((field) => (
                <Select
                  key={field.key}
                  label={
                    <Group gap={6} component="span">
                      {fieldLabel(field.key)}
                      {field.required ? (
                        <Badge size="xs" variant="light" component="span">
                          {t('data-io:import.mapping.required')}
                        </Badge>
                      ) : null}
                    </Group>
                  }
                  aria-label={fieldLabel(field.key)}
                  data={[{ value: '', label: t('data-io:import.mapping.none') }, ...headerOptions]}
                  value={mapping[field.key] == null ? '' : String(mapping[field.key])}
                  onChange={(value) =>
                    setMapping((current) => ({
                      ...current,
                      [field.key]: value === null || value === '' ? null : Number(value),
                    }))
                  }
                  allowDeselect={false}
                />
              ))}
            </SimpleGrid>
          </Paper>
        ) : null}

        {sheet && labels ? (
          <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-preview">
            <Group justify="space-between" align="flex-start" mb="sm" wrap="wrap">
              <Stack gap={2}>
                <Title order={2} size="h4" id="import-preview">
                  {t('data-io:import.preview.title')}
                </Title>
                <Text size="sm" data-testid="import-summary">
                  {t('data-io:import.preview.summary', {
                    valid: readyCount,
                    total: checked.length,
                  })}
                </Text>
              </Stack>
              <Button
                leftSection={<IconUpload size={18} aria-hidden />}
                onClick={() => void submit()}
                loading={submitting}
                disabled={readyCount === 0}
              >
                {t('data-io:import.submit')}
              </Button>
            </Group>
            <FailureAlert message={submitError} mb="sm" />
            {result ? (
              <DoneAlert mb="sm" title={t('data-io:import.done', { count: result.imported })}>
                {result.errors.length > 0 ? (
                  <Stack gap={4}>
                    <Text size="sm" fw={600}>
                      {t('data-io:import.notImported')}
                    </Text>
                    <Table
                      withRowBorders={false}
                      verticalSpacing={2}
                      aria-label={t('data-io:import.notImported')}
                    >
                      <Table.Tbody>
                        {result.errors.map((error, index) => (
                          <Table.Tr key={`${error.row}-${error.path}-${index}`}>
                            <Table.Td w={80}>
                              {t('data-io:import.preview.row')} {error.row}
                            </Table.Td>
                            <Table.Td>{problemText(error, t, resource, fieldLabel)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </Stack>
                ) : null}
              </DoneAlert>
            ) : null}
            <Table.ScrollContainer minWidth={640}>
              <Table
                striped
                highlightOnHover
                aria-label={t('data-io:import.preview.tableLabel')}
                lang={i18n.resolvedLanguage}
              >
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('data-io:import.preview.row')}</Table.Th>
                    {mappedFields.map((field) => (
                      <Table.Th key={field.key}>{fieldLabel(field.key)}</Table.Th>
                    ))}
                    <Table.Th>{t('data-io:import.preview.problems')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {checked.slice(0, PREVIEW_ROWS).map((row) => (
                    <Table.Tr key={row.row} data-invalid={row.problems.length > 0 || undefined}>
                      <Table.Td>{row.row}</Table.Td>
                      {mappedFields.map((field) => (
                        <Table.Td key={field.key}>
                          {displayValue(row.values[field.key], t)}
                        </Table.Td>
                      ))}
                      <Table.Td>
                        {row.problems.length === 0 ? (
                          <Badge color="green" variant="light">
                            {t('data-io:import.preview.ready')}
                          </Badge>
                        ) : (
                          <Stack gap={2}>
                            {row.problems.map((problem, index) => (
                              <Text key={index} size="sm" c="red.8">
                                {problemText(problem, t, resource, fieldLabel)}
                              </Text>
                            ))}
                          </Stack>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            {checked.length > PREVIEW_ROWS ? (
              <Text size="sm" c="dimmed" mt="xs">
                {t('data-io:import.preview.showing', { count: PREVIEW_ROWS })}
              </Text>
            ) : null}
          </Paper>
        ) : null}
      </Stack>
    </>
  );
}

function displayValue(value: unknown, t: AnyT): string {
  if (typeof value === 'boolean') return runtimeT(t)(value ? 'data-io:csv.yes' : 'data-io:csv.no');
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** Owner only: the route asks for `backup.import` (src/app/area-routes.ts). */
export default function ImportPage() {
  return <ImportPageContent />;
}
