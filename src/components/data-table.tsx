import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
  type MantineBreakpoint,
  type MantineColor,
  type MantineStyleProp,
} from '@mantine/core';
import {
  IconArrowDown,
  IconArrowUp,
  IconArrowsSort,
  IconCloudUpload,
  IconRefresh,
} from '@tabler/icons-react';
import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { OfflineUnavailable } from '@/components/offline-unavailable';
import classes from '@/components/data-table.module.css';
import { hasPendingChange, isPendingRecord } from '@/lib/offline/pending-records';

export interface DataTableColumn<T> {
  key: string;
  header: string;
  render: (row: T) => ReactNode;
  /** The API's sort field for this column; makes the header a sort button. */
  sortField?: string;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /** Keeps the cell on one line (dates, amounts, codes). */
  nowrap?: boolean;
  /** Keeps the column from being squeezed into a word per line. */
  minWidth?: number;
  /** Hides a secondary column below this breakpoint so tablets need no sideways scrolling. */
  visibleFrom?: MantineBreakpoint;
}

export interface RowAction<T> {
  /** Accessible name, e.g. `Edit Acme Traders`. */
  label: (row: T) => string;
  /** Short visible hint shown as a tooltip, e.g. `Edit`. */
  tooltip?: string;
  icon: ReactNode;
  onClick: (row: T) => void;
  color?: MantineColor;
  /** Rows the action applies to; every row when left out. */
  visible?: (row: T) => boolean;
}

export interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  /** Accessible name of the table. */
  label: string;
  /** First load: no rows to show yet. */
  loading?: boolean;
  /** Offline with nothing cached: says so instead of a skeleton that would never end. */
  unavailableOffline?: boolean;
  /** A background refetch (page change, filter) while older rows stay visible. */
  fetching?: boolean;
  error?: unknown;
  errorMessage?: string;
  onRetry?: () => void;
  /** Current order as sent to the API (`name`, `-createdAt`). */
  sort?: string;
  onSort?: (field: string) => void;
  rowActions?: RowAction<T>[];
  empty?: ReactNode;
  skeletonRows?: number;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
}

interface PendingCellProps {
  render: () => ReactNode;
}

/**
 * A row created offline holds only what the form sent, not the joined data the server adds
 * (a merchant's name on an order, say); a column that needs it shows a dash until the sync.
 */
class PendingCell extends Component<PendingCellProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (this.state.failed) return '—';
    try {
      return this.props.render();
    } catch {
      return '—';
    }
  }
}

/** "Not sent yet": the row shows what this device holds and the server has not received. */
function UnsentMark() {
  const { t } = useTranslation('common');
  return (
    <Badge
      color="orange"
      variant="light"
      size="sm"
      radius="sm"
      leftSection={<IconCloudUpload size={12} aria-hidden />}
      styles={{ label: { textTransform: 'none' } }}
    >
      {t('offline.notSynced')}
    </Badge>
  );
}

function ariaSort(sort: string | undefined, field: string): 'ascending' | 'descending' | 'none' {
  if (sort === field) return 'ascending';
  if (sort === `-${field}`) return 'descending';
  return 'none';
}

function SortIcon({ direction }: { direction: 'ascending' | 'descending' | 'none' }) {
  if (direction === 'ascending') return <IconArrowUp size={14} aria-hidden />;
  if (direction === 'descending') return <IconArrowDown size={14} aria-hidden />;
  return <IconArrowsSort size={14} aria-hidden className={classes.idleSortIcon} />;
}

export function DataTable<T>({
  columns,
  rows,
  rowKey,
  label,
  loading = false,
  unavailableOffline = false,
  fetching = false,
  error,
  errorMessage,
  onRetry,
  sort,
  onSort,
  rowActions = [],
  empty,
  skeletonRows = 5,
  minWidth = 720,
}: DataTableProps<T>) {
  const { t } = useTranslation(['ui', 'common']);
  const hasRows = rows !== undefined && rows.length > 0;
  const columnCount = columns.length + (rowActions.length > 0 ? 1 : 0);

  if (unavailableOffline && !hasRows) {
    return (
      <Paper withBorder>
        <OfflineUnavailable onRetry={() => onRetry?.()} />
      </Paper>
    );
  }

  if (error && !hasRows && !loading) {
    return (
      <Paper withBorder>
        <ErrorState
          message={errorMessage ?? t('error.generic')}
          onRetry={onRetry}
          retrying={fetching}
        />
      </Paper>
    );
  }

  const header = (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          const style: MantineStyleProp = {
            width: column.width,
            minWidth: column.minWidth,
            textAlign: column.align,
          };
          if (!column.sortField || !onSort) {
            return (
              <Table.Th key={column.key} style={style} visibleFrom={column.visibleFrom}>
                {column.header}
              </Table.Th>
            );
          }
          const direction = ariaSort(sort, column.sortField);
          const field = column.sortField;
          return (
            <Table.Th
              key={column.key}
              style={style}
              aria-sort={direction}
              visibleFrom={column.visibleFrom}
            >
              <UnstyledButton
                className={classes.sortButton}
                onClick={() => onSort(field)}
                data-active={direction !== 'none' || undefined}
              >
                <span>{column.header}</span>
                <SortIcon direction={direction} />
              </UnstyledButton>
            </Table.Th>
          );
        })}
        {rowActions.length > 0 ? (
          <Table.Th style={{ textAlign: 'right' }} className={classes.actionsCell}>
            <VisuallyHidden>{t('table.actions')}</VisuallyHidden>
          </Table.Th>
        ) : null}
      </Table.Tr>
    </Table.Thead>
  );

  let body: ReactNode;
  if (loading && !hasRows) {
    body = Array.from({ length: skeletonRows }, (_, index) => (
      <Table.Tr key={`skeleton-${index}`} aria-hidden>
        {columns.map((column, cell) => (
          <Table.Td key={column.key} visibleFrom={column.visibleFrom}>
            <Skeleton height={14} radius="sm" width={cell === 0 ? '70%' : '55%'} />
          </Table.Td>
        ))}
        {rowActions.length > 0 ? (
          <Table.Td className={classes.actionsCell}>
            <Skeleton height={14} radius="sm" width={48} ml="auto" />
          </Table.Td>
        ) : null}
      </Table.Tr>
    ));
  } else if (!hasRows) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount} p={0}>
          {empty}
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row) => {
      const pending = isPendingRecord(row);
      const unsent = pending || hasPendingChange(row);
      return (
        <Table.Tr key={rowKey(row)} data-pending-sync={unsent || undefined}>
          {columns.map((column, index) => {
            // No server id yet: links and switches in the row would act on nothing.
            const content = pending ? (
              <div inert>
                <PendingCell render={() => column.render(row)} />
              </div>
            ) : (
              column.render(row)
            );
            return (
              <Table.Td
                key={column.key}
                visibleFrom={column.visibleFrom}
                style={{
                  textAlign: column.align,
                  whiteSpace: column.nowrap ? 'nowrap' : undefined,
                }}
              >
                {/* Under the first cell's content, so no column gives up its width to it. */}
                {unsent && index === 0 ? (
                  <Stack gap={4} align="flex-start">
                    {content}
                    <UnsentMark />
                  </Stack>
                ) : (
                  content
                )}
              </Table.Td>
            );
          })}
          {rowActions.length > 0 && pending ? <Table.Td className={classes.actionsCell} /> : null}
          {rowActions.length > 0 && !pending ? (
            <Table.Td className={classes.actionsCell}>
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {rowActions.map((action, index) => {
                  if (action.visible && !action.visible(row)) return null;
                  const button = (
                    <ActionIcon
                      key={index}
                      variant="subtle"
                      color={action.color ?? 'gray'}
                      aria-label={action.label(row)}
                      onClick={() => action.onClick(row)}
                      size="lg"
                    >
                      {action.icon}
                    </ActionIcon>
                  );
                  return action.tooltip ? (
                    <Tooltip key={index} label={action.tooltip} withArrow openDelay={400}>
                      {button}
                    </Tooltip>
                  ) : (
                    button
                  );
                })}
              </Group>
            </Table.Td>
          ) : null}
        </Table.Tr>
      );
    });
  }

  return (
    <Paper withBorder className={classes.frame}>
      {error && hasRows ? (
        <Alert color="red" variant="light" radius={0} role="alert">
          <Group justify="space-between" gap="sm">
            <span>{errorMessage ?? t('error.generic')}</span>
            {onRetry ? (
              <Button
                size="xs"
                variant="subtle"
                color="red"
                leftSection={<IconRefresh size={14} aria-hidden />}
                onClick={onRetry}
              >
                {t('actions.retry')}
              </Button>
            ) : null}
          </Group>
        </Alert>
      ) : null}
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table
          aria-label={label}
          aria-busy={loading || fetching}
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          className={classes.table}
          data-fetching={fetching || undefined}
        >
          {header}
          <Table.Tbody>{body}</Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
