import { Button } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Paged } from '../../contract/common.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { FilterBar, type FilterField } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { describeError } from '@/lib/resource-factory';

/** The part of `useListParams()` a list page drives. */
export interface ListPageState {
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

export interface ResourceListPageProps<T extends { _id: string }> {
  /** Texts, already translated. */
  texts: {
    title: string;
    description?: string;
    add: string;
    tableLabel: string;
    edit: (row: T) => string;
    delete: (row: T) => string;
    deleteTitle: string;
    deleteMessage: (row: T) => ReactNode;
    empty: { title: string; filtered: string; initial: string };
  };
  /** i18n key of the default text when the list cannot load. */
  fetchListFailed: string;
  emptyIcon: ReactNode;
  list: ListPageState;
  query: UseQueryResult<Paged<T>>;
  columns: DataTableColumn<T>[];
  filterFields: FilterField[];
  /** Actions shown before Edit and Delete (e.g. "set active"). */
  extraRowActions?: RowAction<T>[];
  /** The create/edit dialog; `record` is null when adding. */
  renderForm: (record: T | null, onClose: () => void) => ReactNode;
  remove: { mutate: (id: string, options: { onSettled: () => void }) => void; isPending: boolean };
  /** Content between the header and the filters (e.g. a summary card). */
  children?: ReactNode;
}

type FormTarget<T> = { mode: 'create' } | { mode: 'edit'; record: T };

/**
 * A resource's list screen: header with "Add", URL-driven filters, sortable table with edit and
 * delete per row, paging, the create/edit dialog and the delete confirmation. An area supplies
 * its texts, columns, filter fields and form.
 */
export function ResourceListPage<T extends { _id: string }>({
  texts,
  fetchListFailed,
  emptyIcon,
  list,
  query,
  columns,
  filterFields,
  extraRowActions,
  renderForm,
  remove,
  children,
}: ResourceListPageProps<T>) {
  const { t } = useTranslation('ui');
  const [formTarget, setFormTarget] = useState<FormTarget<T> | null>(null);
  const [toDelete, setToDelete] = useState<T | null>(null);

  const { clampPage } = list;
  const totalPages = query.data?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined) clampPage(totalPages);
  }, [clampPage, totalPages]);

  const rowActions = useMemo<RowAction<T>[]>(
    () => [
      ...(extraRowActions ?? []),
      {
        label: texts.edit,
        tooltip: t('actions.edit'),
        icon: <IconPencil size={18} aria-hidden />,
        onClick: (record) => setFormTarget({ mode: 'edit', record }),
      },
      {
        label: texts.delete,
        tooltip: t('actions.delete'),
        icon: <IconTrash size={18} aria-hidden />,
        color: 'red',
        onClick: setToDelete,
      },
    ],
    [extraRowActions, texts.edit, texts.delete, t],
  );

  const setFilter = list.setFilter as (name: string, value: unknown) => void;
  const toggleSort = list.toggleSort as (field: string) => void;

  return (
    <>
      <PageHeader
        title={texts.title}
        description={texts.description}
        actions={
          <Button
            leftSection={<IconPlus size={18} aria-hidden />}
            onClick={() => setFormTarget({ mode: 'create' })}
          >
            {texts.add}
          </Button>
        }
      />
      {children}
      <FilterBar
        fields={filterFields}
        values={list.inputValues}
        onChange={setFilter}
        onReset={list.reset}
        canReset={!list.isDefault}
      />
      <DataTable
        label={texts.tableLabel}
        columns={columns}
        rows={query.data?.data}
        rowKey={(record) => record._id}
        loading={query.isPending}
        fetching={query.isFetching && !query.isPending}
        error={query.error}
        errorMessage={query.error ? describeError(query.error, t, fetchListFailed) : undefined}
        onRetry={() => void query.refetch()}
        sort={list.sort}
        onSort={toggleSort}
        rowActions={rowActions}
        empty={
          <EmptyState
            icon={emptyIcon}
            title={texts.empty.title}
            description={list.isFiltered ? texts.empty.filtered : texts.empty.initial}
          />
        }
      />
      {query.data ? (
        <PaginationBar
          page={list.page}
          limit={list.limit}
          totalCount={query.data.totalCount}
          totalPages={query.data.totalPages}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      ) : null}
      {formTarget
        ? renderForm(formTarget.mode === 'edit' ? formTarget.record : null, () =>
            setFormTarget(null),
          )
        : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title={texts.deleteTitle}
        message={toDelete ? texts.deleteMessage(toDelete) : undefined}
        confirmLabel={t('actions.delete')}
        loading={remove.isPending}
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) });
        }}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}
