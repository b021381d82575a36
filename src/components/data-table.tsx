import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
  type MantineColor,
  type MantineStyleProp,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconRefresh } from '@tabler/icons-react';
import { Component, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { OfflineUnavailable } from '@/components/offline-unavailable';
import classes from '@/components/data-table.module.css';
import { hasPendingChange, isPendingRecord } from '@/lib/offline/pending-records';
import { UnsentMark } from './unsent-mark';

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
  /**
   * How much the column matters when the table is narrower than its columns: 1 always stays
   * (number, party, amount, balance, status), 2 may fold, 3 folds first. A folded column shows as
   * a "label: value" line under the row's first cell. The first column never folds. Default 2.
   */
  priority?: ColumnPriority;
}

type ColumnPriority = 1 | 2 | 3;

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
  /**
   * The rows shown belong to another page or filter than the one asked for, so they are dimmed
   * until the new ones arrive. A refresh of the same rows is not dimmed: lists kept for offline
   * use refresh on every visit, and dimming them each time would only flicker.
   */
  stale?: boolean;
  error?: unknown;
  errorMessage?: string;
  onRetry?: () => void;
  /** Current order as sent to the API (`name`, `-createdAt`). */
  sort?: string;
  onSort?: (field: string) => void;
  rowActions?: RowAction<T>[];
  empty?: ReactNode;
  skeletonRows?: number;
  /** A totals row under the body: `label` in the first column, values by column key. */
  totals?: { label: string; values: Partial<Record<string, ReactNode>> };
}

/** How far the table folds: 0 shows every column, 1 folds priority 3, 2 folds 2 and 3. */
type FoldLevel = 0 | 1 | 2;

function foldsAt(column: { priority?: ColumnPriority }, index: number, level: FoldLevel): boolean {
  if (index === 0) return false;
  const priority = column.priority ?? 2;
  return priority > 3 - level;
}

/**
 * Folds columns while the table is wider than its frame. The frame's width is what counts, not
 * the window's: the sidebar takes part of a desktop screen. Folding only narrows the table, so
 * measuring after each step settles; a wider frame starts over from every column.
 */
function useFoldLevel(deps: unknown[]) {
  const [frame, setFrame] = useState<HTMLDivElement | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const [level, setLevel] = useState<FoldLevel>(0);
  const [frameWidth, setFrameWidth] = useState(0);

  useLayoutEffect(() => {
    if (!frame || typeof ResizeObserver === 'undefined') return;
    let lastWidth = frame.clientWidth;
    const observer = new ResizeObserver(() => {
      const width = frame.clientWidth;
      if (width > lastWidth) setLevel(0);
      lastWidth = width;
      setFrameWidth(width);
    });
    observer.observe(frame);
    return () => observer.disconnect();
  }, [frame]);

  useLayoutEffect(() => {
    const table = tableRef.current;
    if (!frame || !table || level === 2) return;
    // The table's own box holds it, so its overflow is what scrolls; a fractional column width
    // rounds up there by one pixel while the table still looks no wider than the frame.
    const holder = table.parentElement ?? frame;
    if (holder.scrollWidth > holder.clientWidth || table.scrollWidth > frame.clientWidth) {
      setLevel((current) => (current < 2 ? ((current + 1) as FoldLevel) : current));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- measured again whenever the content changes
  }, [frame, level, frameWidth, ...deps]);

  return { frameRef: setFrame, tableRef, level };
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

function RowCell<T>({
  row,
  column,
  pending,
}: {
  row: T;
  column: DataTableColumn<T>;
  pending: boolean;
}) {
  if (!pending) return column.render(row);
  // No server id yet: links and switches in the row would act on nothing.
  return (
    <div inert>
      <PendingCell render={() => column.render(row)} />
    </div>
  );
}

function FoldedLine({ header, children }: { header: string; children: ReactNode }) {
  return (
    <Text component="div" size="sm" className={classes.foldedLine}>
      {header ? (
        <Text component="span" size="sm" c="dimmed" fw={400}>
          {header}:{' '}
        </Text>
      ) : null}
      {children}
    </Text>
  );
}

function TotalsRow<T>({
  totals,
  shown,
  folded,
  withActions,
}: {
  totals: NonNullable<DataTableProps<T>['totals']>;
  shown: DataTableColumn<T>[];
  folded: DataTableColumn<T>[];
  withActions: boolean;
}) {
  const foldedTotals = folded.filter((column) => totals.values[column.key] !== undefined);
  return (
    <Table.Tfoot>
      <Table.Tr fw={700}>
        {shown.map((column, index) =>
          index === 0 ? (
            <Table.Th key={column.key} scope="row">
              <Stack gap={4} align="flex-start">
                {totals.label}
                {foldedTotals.map((foldedColumn) => (
                  <FoldedLine key={foldedColumn.key} header={foldedColumn.header}>
                    {totals.values[foldedColumn.key]}
                  </FoldedLine>
                ))}
              </Stack>
            </Table.Th>
          ) : (
            <Table.Td key={column.key} style={{ textAlign: column.align }}>
              {totals.values[column.key]}
            </Table.Td>
          ),
        )}
        {withActions ? <Table.Td /> : null}
      </Table.Tr>
    </Table.Tfoot>
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
  stale = fetching,
  error,
  errorMessage,
  onRetry,
  sort,
  onSort,
  rowActions = [],
  empty,
  skeletonRows = 5,
  totals,
}: DataTableProps<T>) {
  const { t } = useTranslation(['ui', 'common']);
  const { frameRef, tableRef, level } = useFoldLevel([rows, columns, loading, t]);
  const hasRows = rows !== undefined && rows.length > 0;
  const shown = columns.filter((column, index) => !foldsAt(column, index, level));
  const folded = columns.filter((column, index) => foldsAt(column, index, level));
  const columnCount = shown.length + (rowActions.length > 0 ? 1 : 0);

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
        {shown.map((column) => {
          const style: MantineStyleProp = {
            width: column.width,
            minWidth: column.minWidth,
            textAlign: column.align,
          };
          if (!column.sortField || !onSort) {
            return (
              <Table.Th key={column.key} style={style}>
                {column.header}
              </Table.Th>
            );
          }
          const direction = ariaSort(sort, column.sortField);
          const field = column.sortField;
          return (
            <Table.Th key={column.key} style={style} aria-sort={direction}>
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
        {shown.map((column, cell) => (
          <Table.Td key={column.key}>
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
          {shown.map((column, index) => {
            const content = <RowCell row={row} column={column} pending={pending} />;
            const first = index === 0 && (folded.length > 0 || unsent);
            return (
              <Table.Td
                key={column.key}
                style={{
                  textAlign: column.align,
                  // Folded as far as it goes, a long unbroken value (a PO number) may still be
                  // wider than a tablet's frame: it breaks rather than push the table past it.
                  whiteSpace: column.nowrap && level < 2 ? 'nowrap' : undefined,
                  overflowWrap: level === 2 ? 'anywhere' : undefined,
                }}
              >
                {/* Under the first cell's content, so no column gives up its width to them. */}
                {first ? (
                  <Stack gap={4} align="flex-start">
                    {content}
                    {folded.map((foldedColumn) => (
                      <FoldedLine key={foldedColumn.key} header={foldedColumn.header}>
                        <RowCell row={row} column={foldedColumn} pending={pending} />
                      </FoldedLine>
                    ))}
                    {unsent ? <UnsentMark /> : null}
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
              <Group
                gap={4}
                justify="flex-end"
                wrap={level === 2 ? 'wrap' : 'nowrap'}
                className={level === 2 ? classes.foldedActions : undefined}
              >
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
    <Paper withBorder className={classes.frame} ref={frameRef} data-fold-level={level}>
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
      <Table.ScrollContainer minWidth={0} type="native">
        <Table
          ref={tableRef}
          aria-label={label}
          aria-busy={loading || fetching}
          verticalSpacing="sm"
          horizontalSpacing="md"
          highlightOnHover
          className={classes.table}
          data-stale={stale || undefined}
        >
          {header}
          <Table.Tbody>{body}</Table.Tbody>
          {totals && hasRows ? (
            <TotalsRow
              totals={totals}
              shown={shown}
              folded={folded}
              withActions={rowActions.length > 0}
            />
          ) : null}
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
