import { Box, Group, NativeSelect, Pagination, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '@/lib/format';
import { PAGE_SIZE_OPTIONS } from '@/lib/use-list-params';

export interface PaginationBarProps {
  page: number;
  limit: number;
  totalCount: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  onLimitChange: (limit: number) => void;
  pageSizeOptions?: readonly number[];
}

export function PaginationBar({
  page,
  limit,
  totalCount,
  totalPages,
  onPageChange,
  onLimitChange,
  pageSizeOptions = PAGE_SIZE_OPTIONS,
}: PaginationBarProps) {
  const { t } = useTranslation('ui');
  const format = useFormatters();
  const selectId = useId();
  const from = totalCount === 0 ? 0 : Math.min((page - 1) * limit + 1, totalCount);
  const to = Math.min(page * limit, totalCount);
  const summary =
    totalCount === 0 || from > totalCount
      ? t('pagination.noResults')
      : t('pagination.showing', {
          from: format.number(from),
          to: format.number(to),
          total: format.number(totalCount),
        });

  return (
    <Group justify="space-between" align="center" gap="md" mt="md" wrap="wrap">
      <Group gap="lg" wrap="wrap">
        <Text size="sm" c="dimmed" aria-live="polite">
          {summary}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text component="label" htmlFor={selectId} size="sm" c="dimmed">
            {t('pagination.rowsPerPage')}
          </Text>
          <NativeSelect
            id={selectId}
            size="xs"
            w={76}
            value={String(limit)}
            onChange={(event) => onLimitChange(Number(event.currentTarget.value))}
            data={pageSizeOptions.map((size) => ({ value: String(size), label: String(size) }))}
          />
        </Group>
      </Group>
      <Box component="nav" aria-label={t('pagination.label')}>
        <Pagination
          total={Math.max(totalPages, 1)}
          value={Math.min(page, Math.max(totalPages, 1))}
          onChange={onPageChange}
          size="sm"
          siblings={1}
          boundaries={1}
          getControlProps={(control) => ({ 'aria-label': t(`pagination.${control}`) })}
          getItemProps={(item) => ({
            'aria-label': t('pagination.page', { page: item }),
            'aria-current': item === page ? 'page' : undefined,
          })}
        />
      </Box>
    </Group>
  );
}

/** The paging bar under a list whose page and size live in the URL, once a page has arrived. */
export function ListPaginationBar({
  list,
  data,
}: {
  list: {
    page: number;
    limit: number;
    setPage: (page: number) => void;
    setLimit: (limit: number) => void;
  };
  data: { totalCount: number; totalPages: number } | undefined;
}) {
  if (!data) return null;
  return (
    <PaginationBar
      page={list.page}
      limit={list.limit}
      totalCount={data.totalCount}
      totalPages={data.totalPages}
      onPageChange={list.setPage}
      onLimitChange={list.setLimit}
    />
  );
}
