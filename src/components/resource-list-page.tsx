import { Button } from '@mantine/core';
import type { AreaPermissions } from '../../contract/permissions.ts';
import { useCan } from '@/lib/permissions';
import {
  IconDownload,
  IconFileImport,
  IconHistory,
  IconFileText,
  IconPencil,
  IconPlus,
  IconRestore,
  IconTrash,
} from '@tabler/icons-react';
import {
  skipToken,
  useQuery,
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Paged } from '../../contract/common.ts';
import { IMPORT_RESOURCES } from '../../contract/data-io.ts';
import type { AuditEntity } from '../../contract/audit.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { HistoryDrawer, type HistoryTarget } from '@/components/history-drawer';
import { tableQueryState } from '@/components/query-state';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { FilterBar, type FilterChange, type FilterField } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { ListPaginationBar } from '@/components/pagination-bar';
import { HeaderLinkButton } from '@/components/toolbar-buttons';
import { isSampleTab } from '@/lib/sample-tab';
import type { AnyT, TranslationKey } from '@/lib/translation-keys';

/** The part of `useListParams()` a list page drives. */
interface ListPageState {
  /** The list's query (page, limit, sort, filters) as sent to the API. */
  params?: object;
  page: number;
  limit: number;
  sort?: string | undefined;
  inputValues: Record<string, unknown>;
  isFiltered: boolean;
  isDefault: boolean;
  setFilter: (name: never, value: never) => void;
  setPage: (page: number) => void;
  setLimit: (limit: number) => void;
  toggleSort: (field: never) => void;
  reset: () => void;
  clampPage: (totalPages: number) => void;
}

/** Creating and editing happen in a dialog over the list. */
interface ModalEditing<T> {
  /** The create/edit dialog; `record` is null when adding. */
  renderForm: (record: T | null, onClose: () => void) => ReactNode;
  formPages?: never;
}

/** Creating and editing happen on pages of their own (forms too large for a dialog). */
interface PageEditing<T> {
  renderForm?: never;
  formPages: {
    create: string;
    edit: (row: T) => string;
    /**
     * The row's page shows an issued document (a bill, a note), which is opened and printed, never
     * edited: the action reads "Open" with a document icon, for everyone who may read the list.
     */
    opensDocument?: boolean;
  };
}

export type ResourceListPageProps<T extends { _id: string }, Key extends QueryKey = QueryKey> = (
  ModalEditing<T> | PageEditing<T>
) & {
  /** Texts, already translated. */
  texts: {
    title: string;
    description?: string;
    /** Left out where records are made elsewhere (a register of notes issued from bills). */
    add?: string;
    tableLabel: string;
    edit: (row: T) => string;
    /** The delete texts; an area whose records are never deleted leaves them out. */
    delete?: (row: T) => string;
    deleteTitle?: string;
    deleteMessage?: (row: T) => ReactNode;
    /** The confirm button of the delete dialog; the shared "Delete" when absent. */
    deleteConfirm?: string;
    empty: { title: string; filtered: string; initial: string };
  };
  /** i18n key of the default text when the list cannot load. */
  fetchListFailed: TranslationKey;
  emptyIcon: ReactNode;
  list: ListPageState;
  query: UseQueryResult<Paged<T>>;
  /**
   * The area's list query for other params. With it, a filtered list that comes back empty asks
   * for one record without filters, so it tells "the filters hide records" from "there are none
   * yet" and only offers clearing the filters in the first case.
   */
  listQuery?: (params: {
    page: number;
    limit: number;
  }) => UseQueryOptions<Paged<T>, Error, Paged<T>, Key>;
  columns: DataTableColumn<T>[];
  filterFields: FilterField[];
  /**
   * For filters whose inputs hold another type than the URL state (e.g. a month picker holding
   * strings for numeric params): what the inputs show and how a change is stored.
   */
  filterValues?: Record<string, unknown>;
  onFilterChange?: FilterChange;
  /**
   * The record's entries in the audit trail: a History action per row for roles that may read
   * the trail. `name` is what the drawer calls the record.
   */
  history?: { entity: AuditEntity; name: (row: T) => string };
  /** Actions shown before Edit and Delete (e.g. "set active"). */
  extraRowActions?: RowAction<T>[];
  /** Buttons in the header before "Add" (e.g. a link to the analysis). */
  headerActions?: ReactNode;
  /**
   * The resource's API path (`/merchants`): a "Download CSV" link to `<path>/export.csv` with the
   * list's filters and sort, for every matching row, headed in the interface language.
   */
  csvExport?: string;
  /**
   * What the role needs to add or edit, and to delete; buttons it cannot use are left out. Without
   * `delete` (records that are never deleted) no row offers it.
   */
  permissions: Pick<AreaPermissions, 'read' | 'write'> & Partial<Pick<AreaPermissions, 'delete'>>;
  /** Rows the role may edit, when that depends on the row (an admin and an owner's account). */
  canEditRow?: (row: T) => boolean;
  remove?: {
    mutate: (id: string, options: { onSettled: () => void; onQueued: () => void }) => void;
    isPending: boolean;
  };
  /** Content between the header and the filters (e.g. a summary card). */
  children?: ReactNode;
  /** Content between the filters and the table, for what the filters drive (e.g. totals). */
  aboveTable?: ReactNode;
};

/**
 * The CSV of a list: its filters and sort without the paging (the file holds every page), and the
 * language of the headers. A plain link: the session cookie authenticates the download.
 */
function csvExportHref(path: string, params: object, language: string): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (name === 'page' || name === 'limit') continue;
    if (
      typeof value === 'string'
        ? value !== ''
        : typeof value === 'number' || typeof value === 'boolean'
    ) {
      search.set(name, String(value));
    }
  }
  search.set('lang', language);
  return `/api${path}/export.csv?${search.toString()}`;
}

type FormTarget<T> = { mode: 'create' } | { mode: 'edit'; record: T };

/**
 * The texts every area keeps under the same keys of its namespace (`title`, `add`,
 * `delete.title`, `empty.*`, ...); `t` must be bound to that namespace.
 */
export function standardListTexts(t: AnyT) {
  return {
    title: t('title'),
    description: t('description'),
    add: t('add'),
    tableLabel: t('tableLabel'),
    deleteTitle: t('delete.title'),
    empty: { title: t('empty.title'), filtered: t('empty.filtered'), initial: t('empty.initial') },
  };
}

/**
 * The standard texts, with the row's edit and delete buttons and the delete question naming the
 * row by `name(row)` (`actions.edit`, `actions.delete`, `delete.message` with `{{name}}`).
 */
export function namedListTexts<T>(t: AnyT, name: (row: T) => string) {
  return {
    ...standardListTexts(t),
    edit: (row: T) => t('actions.edit', { name: name(row) }),
    delete: (row: T) => t('actions.delete', { name: name(row) }),
    deleteMessage: (row: T) => t('delete.message', { name: name(row) }),
  };
}

/**
 * A resource's list screen: header with "Add", URL-driven filters, sortable table with edit and
 * delete per row, paging, the create/edit dialog (or links to the form pages) and the delete
 * confirmation. An area supplies its texts, columns, filter fields and form.
 */
export function ResourceListPage<T extends { _id: string }, Key extends QueryKey = QueryKey>({
  texts,
  fetchListFailed,
  emptyIcon,
  list,
  query,
  listQuery,
  columns,
  filterFields,
  filterValues,
  onFilterChange,
  extraRowActions,
  history,
  headerActions,
  csvExport,
  renderForm,
  formPages,
  permissions,
  canEditRow,
  remove,
  children,
  aboveTable,
}: ResourceListPageProps<T, Key>) {
  const { t, i18n } = useTranslation(['ui', 'audit']);
  const navigate = useNavigate();
  const [formTarget, setFormTarget] = useState<FormTarget<T> | null>(null);
  const [historyTarget, setHistoryTarget] = useState<HistoryTarget | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);

  const { clampPage } = list;
  const totalPages = query.data?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined) clampPage(totalPages);
  }, [clampPage, totalPages]);

  const isEmpty = query.data?.totalCount === 0;
  const probeUnfiltered = Boolean(listQuery) && list.isFiltered && isEmpty;
  const unfiltered = useQuery<Paged<T>, Error, Paged<T>, Key>(
    listQuery
      ? { ...listQuery({ page: 1, limit: 1 }), enabled: probeUnfiltered }
      : // Never runs: the key only has to be one.
        ({ queryKey: ['unfiltered-probe'], queryFn: skipToken } as unknown as UseQueryOptions<
          Paged<T>,
          Error,
          Paged<T>,
          Key
        >),
  );
  // Without a way to ask, or while asking, a filtered empty list is taken as hidden by filters.
  const hiddenByFilters =
    list.isFiltered && !(probeUnfiltered && unfiltered.data?.totalCount === 0);
  // The area's key is its permissions' prefix (`merchants.read`): spreadsheets fill some areas.
  const area = permissions.read.split('.')[0] ?? '';
  const canImport = useCan('backup.import');
  const importable = canImport && (IMPORT_RESOURCES as readonly string[]).includes(area);

  const canWrite = useCan(permissions.write);
  const mayDelete = useCan(permissions.delete);
  const canDelete = permissions.delete !== undefined && remove !== undefined && mayDelete;
  const canReadHistory = useCan('audit.read');
  const editPath = formPages?.edit;
  const opensDocument = formPages?.opensDocument === true;
  const rowActions = useMemo<RowAction<T>[]>(
    () => [
      ...(extraRowActions ?? []),
      ...(history && canReadHistory
        ? [
            {
              label: (record) => t('audit:history.action', { name: history.name(record) }),
              tooltip: t('audit:history.tooltip'),
              icon: <IconHistory size={18} aria-hidden />,
              onClick: (record) =>
                setHistoryTarget({
                  entity: history.entity,
                  entityId: record._id,
                  name: history.name(record),
                }),
            } satisfies RowAction<T>,
          ]
        : []),
      ...(opensDocument
        ? [
            {
              label: texts.edit,
              tooltip: t('actions.open'),
              icon: <IconFileText size={18} aria-hidden />,
              onClick: (record) => {
                if (editPath) void navigate(editPath(record));
              },
            } satisfies RowAction<T>,
          ]
        : []),
      ...(canWrite && !opensDocument
        ? [
            {
              label: texts.edit,
              tooltip: t('actions.edit'),
              icon: <IconPencil size={18} aria-hidden />,
              ...(canEditRow ? { visible: canEditRow } : {}),
              onClick: (record) => {
                if (editPath) void navigate(editPath(record));
                else setFormTarget({ mode: 'edit', record });
              },
            } satisfies RowAction<T>,
          ]
        : []),
      ...(canDelete && texts.delete
        ? [
            {
              label: texts.delete,
              tooltip: t('actions.delete'),
              icon: <IconTrash size={18} aria-hidden />,
              color: 'red',
              onClick: setToDelete,
            } satisfies RowAction<T>,
          ]
        : []),
    ],
    [
      extraRowActions,
      history,
      canReadHistory,
      texts.edit,
      texts.delete,
      t,
      editPath,
      opensDocument,
      navigate,
      canWrite,
      canDelete,
      canEditRow,
    ],
  );

  const setFilter = list.setFilter as (name: string, value: unknown) => void;
  const toggleSort = list.toggleSort as (field: string) => void;

  const addIcon = <IconPlus size={18} aria-hidden />;
  const addButton =
    !canWrite || texts.add === undefined ? null : formPages ? (
      <Button component={Link} to={formPages.create} leftSection={addIcon}>
        {texts.add}
      </Button>
    ) : (
      <Button leftSection={addIcon} onClick={() => setFormTarget({ mode: 'create' })}>
        {texts.add}
      </Button>
    );

  return (
    <>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={
          <>
            {headerActions}
            {/* A plain link carries the browser's cookie session, not a sample tab's own. */}
            {csvExport && !isSampleTab() ? (
              <Button
                component="a"
                href={csvExportHref(csvExport, list.params ?? {}, i18n.resolvedLanguage ?? 'en')}
                download
                variant="default"
                leftSection={<IconDownload size={18} aria-hidden />}
              >
                {t('actions.downloadCsv')}
              </Button>
            ) : null}
            {addButton}
          </>
        }
      />
      {children}
      <FilterBar
        fields={filterFields}
        values={filterValues ?? list.inputValues}
        onChange={onFilterChange ?? setFilter}
        onReset={list.reset}
        canReset={!list.isDefault}
      />
      {aboveTable}
      <DataTable
        label={texts.tableLabel}
        columns={columns}
        rows={query.data?.data}
        rowKey={(record) => record._id}
        {...tableQueryState(query, t, fetchListFailed)}
        stale={query.isPlaceholderData}
        sort={list.sort}
        onSort={toggleSort}
        rowActions={rowActions}
        empty={
          hiddenByFilters ? (
            <EmptyState
              icon={emptyIcon}
              title={texts.empty.title}
              description={texts.empty.filtered}
              action={
                <Button
                  variant="light"
                  size="md"
                  leftSection={<IconRestore size={18} aria-hidden />}
                  onClick={list.reset}
                >
                  {t('filters.reset')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={emptyIcon}
              title={texts.empty.title}
              description={texts.empty.initial}
              action={
                addButton || importable ? (
                  <>
                    {addButton}
                    {importable ? (
                      <HeaderLinkButton to="/apps/import" icon={IconFileImport}>
                        {t('actions.importSheet')}
                      </HeaderLinkButton>
                    ) : null}
                  </>
                ) : null
              }
            />
          )
        }
      />
      <ListPaginationBar list={list} data={query.data} />
      {formTarget && renderForm
        ? renderForm(formTarget.mode === 'edit' ? formTarget.record : null, () =>
            setFormTarget(null),
          )
        : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title={texts.deleteTitle ?? ''}
        message={toDelete ? texts.deleteMessage?.(toDelete) : undefined}
        confirmLabel={texts.deleteConfirm ?? t('actions.delete')}
        loading={remove?.isPending ?? false}
        onConfirm={() => {
          if (toDelete && remove) {
            const close = () => setToDelete(null);
            remove.mutate(toDelete._id, { onSettled: close, onQueued: close });
          }
        }}
        onClose={() => setToDelete(null)}
      />
      {history ? (
        <HistoryDrawer target={historyTarget} onClose={() => setHistoryTarget(null)} />
      ) : null}
    </>
  );
}
