import { Button, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MERCHANT_SORTABLE, type Merchant } from '../../../../contract/merchants.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn, type RowAction } from '@/components/data-table';
import { EmptyState } from '@/components/empty-state';
import { FilterBar, type FilterField } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useFormatters } from '@/lib/format';
import { describeError } from '@/lib/resource-factory';
import { useListParams } from '@/lib/use-list-params';
import { merchantQueries, useDeleteMerchant } from '../api';
import { MerchantFormModal } from '../components/merchant-form-modal';

const LIST_CONFIG = {
  filters: { name: { type: 'text' } },
  sortable: MERCHANT_SORTABLE,
  defaultSort: '-createdAt',
} as const;

type FormTarget = { mode: 'create' } | { mode: 'edit'; merchant: Merchant };

export default function MerchantsPage() {
  const { t } = useTranslation(['merchants', 'ui']);
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(merchantQueries.list(list.params));
  const remove = useDeleteMerchant();
  const [formTarget, setFormTarget] = useState<FormTarget | null>(null);
  const [toDelete, setToDelete] = useState<Merchant | null>(null);

  const { clampPage } = list;
  const totalPages = query.data?.totalPages;
  useEffect(() => {
    if (totalPages !== undefined) clampPage(totalPages);
  }, [clampPage, totalPages]);

  const columns = useMemo<DataTableColumn<Merchant>[]>(
    () => [
      {
        key: 'name',
        header: t('columns.name'),
        sortField: 'name',
        minWidth: 200,
        render: (merchant) => (
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {merchant.name}
            </Text>
            {merchant.city ? (
              <Text size="xs" c="dimmed">
                {merchant.city}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        key: 'contactPerson',
        header: t('columns.contactPerson'),
        minWidth: 140,
        render: (merchant) => merchant.contactPerson ?? <Dash />,
      },
      {
        key: 'phone',
        header: t('columns.phone'),
        nowrap: true,
        render: (merchant) =>
          merchant.phone ? (
            <Text
              component="a"
              href={`tel:${merchant.phone.replace(/\s+/g, '')}`}
              size="sm"
              c="inherit"
            >
              {merchant.phone}
            </Text>
          ) : (
            <Dash />
          ),
      },
      {
        key: 'gstin',
        header: t('columns.gstin'),
        nowrap: true,
        visibleFrom: 'lg',
        render: (merchant) =>
          merchant.gstin ? (
            <Text size="sm" ff="monospace">
              {merchant.gstin}
            </Text>
          ) : (
            <Dash />
          ),
      },
      {
        key: 'createdAt',
        header: t('columns.created'),
        sortField: 'createdAt',
        nowrap: true,
        render: (merchant) => format.date(merchant.createdAt),
      },
    ],
    [t, format],
  );

  const rowActions = useMemo<RowAction<Merchant>[]>(
    () => [
      {
        label: (merchant) => t('actions.edit', { name: merchant.name }),
        tooltip: t('ui:actions.edit'),
        icon: <IconPencil size={18} aria-hidden />,
        onClick: (merchant) => setFormTarget({ mode: 'edit', merchant }),
      },
      {
        label: (merchant) => t('actions.delete', { name: merchant.name }),
        tooltip: t('ui:actions.delete'),
        icon: <IconTrash size={18} aria-hidden />,
        color: 'red',
        onClick: setToDelete,
      },
    ],
    [t],
  );

  const filterFields: FilterField[] = [
    { type: 'text', name: 'name', label: t('filters.name'), width: 280 },
  ];

  const addButton = (
    <Button
      leftSection={<IconPlus size={18} aria-hidden />}
      onClick={() => setFormTarget({ mode: 'create' })}
    >
      {t('add')}
    </Button>
  );

  const confirmDelete = () => {
    if (!toDelete) return;
    remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) });
  };

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={addButton} />
      <FilterBar
        fields={filterFields}
        values={list.inputValues}
        onChange={(name, value) => list.setFilter(name as 'name', value as string | undefined)}
        onReset={list.reset}
        canReset={!list.isDefault}
      />
      <DataTable
        label={t('tableLabel')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(merchant) => merchant._id}
        loading={query.isPending}
        fetching={query.isFetching && !query.isPending}
        error={query.error}
        errorMessage={
          query.error ? describeError(query.error, t, 'merchants:errors.fetchList') : undefined
        }
        onRetry={() => void query.refetch()}
        sort={list.sort}
        onSort={(field) => list.toggleSort(field as (typeof MERCHANT_SORTABLE)[number])}
        rowActions={rowActions}
        empty={
          <EmptyState
            icon={<IconUsersGroup size={28} stroke={1.5} aria-hidden />}
            title={t('empty.title')}
            description={list.isFiltered ? t('empty.filtered') : t('empty.initial')}
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
      {formTarget ? (
        <MerchantFormModal
          key={formTarget.mode === 'edit' ? formTarget.merchant._id : 'new'}
          merchant={formTarget.mode === 'edit' ? formTarget.merchant : null}
          onClose={() => setFormTarget(null)}
        />
      ) : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('delete.title')}
        message={toDelete ? t('delete.message', { name: toDelete.name }) : undefined}
        confirmLabel={t('delete.confirm')}
        loading={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setToDelete(null)}
      />
    </>
  );
}

function Dash() {
  return (
    <Text component="span" c="dimmed" aria-hidden>
      —
    </Text>
  );
}
