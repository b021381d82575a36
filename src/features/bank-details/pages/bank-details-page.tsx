import { CRUD_PERMISSIONS } from '../../../../contract/permissions.ts';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Skeleton,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import { IconBuildingBank, IconCircleCheck, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BANK_DETAIL_SORTABLE, type BankDetail } from '../../../../contract/bank-details.ts';
import type { DataTableColumn } from '@/components/data-table';
import { activeFilterField, type FilterField } from '@/components/filter-bar';
import { ResourceListPage, namedListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { useListParams } from '@/lib/use-list-params';
import { maskAccountNumber } from '../account-number';
import { BankDetailFormModal } from '../components/bank-detail-form-modal';
import {
  activeBankDetail,
  bankDetails,
  useSetActiveBankDetail,
} from '@/features/bank-details/resource';
import { isUnavailableOffline } from '@/components/offline-unavailable';

const LIST_CONFIG = {
  filters: {
    bankName: { type: 'text' },
    accountNumber: { type: 'text' },
    ifscCode: { type: 'text' },
    isActive: { type: 'boolean' },
  },
  sortable: BANK_DETAIL_SORTABLE,
  defaultSort: '-createdAt',
} as const;

export default function BankDetailsPage() {
  const { t } = useTranslation(['bank-details', 'ui']);
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  const query = useQuery(bankDetails.queries.list(list.params));
  const active = useQuery(activeBankDetail());
  const remove = bankDetails.useRemove();
  const setActive = useSetActiveBankDetail();
  const [revealed, setRevealed] = useState<ReadonlySet<string>>(new Set());

  const toggleReveal = useCallback(
    (id: string) =>
      setRevealed((current) => {
        const next = new Set(current);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );

  const columns = useMemo<DataTableColumn<BankDetail>[]>(
    () => [
      {
        key: 'bankName',
        priority: 1,
        header: t('columns.bankName'),
        sortField: 'bankName',
        minWidth: 180,
        render: (account) => (
          <div>
            <Text size="sm" fw={600}>
              {account.bankName}
            </Text>
            {account.branch ? (
              <Text size="xs" c="dimmed">
                {account.branch}
              </Text>
            ) : null}
          </div>
        ),
      },
      {
        key: 'accountNumber',
        priority: 1,
        header: t('columns.accountNumber'),
        nowrap: true,
        render: (account) => {
          const shown = revealed.has(account._id);
          const label = t(shown ? 'actions.hideNumber' : 'actions.showNumber', {
            name: account.bankName,
          });
          return (
            <Group gap={6} wrap="nowrap">
              <Text size="sm" ff="monospace" style={{ fontVariantNumeric: 'tabular-nums' }}>
                {shown ? account.accountNumber : maskAccountNumber(account.accountNumber)}
              </Text>
              <Tooltip label={label}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={label}
                  aria-pressed={shown}
                  onClick={() => toggleReveal(account._id)}
                >
                  {shown ? <IconEyeOff size={16} aria-hidden /> : <IconEye size={16} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            </Group>
          );
        },
      },
      {
        key: 'ifscCode',
        priority: 2,
        header: t('columns.ifscCode'),
        nowrap: true,
        render: (account) => (
          <Text size="sm" ff="monospace">
            {account.ifscCode}
          </Text>
        ),
      },
      {
        key: 'accountHolderName',
        priority: 3,
        header: t('columns.accountHolderName'),
        render: (account) => account.accountHolderName ?? '—',
      },
      {
        key: 'isActive',
        priority: 1,
        header: t('columns.status'),
        nowrap: true,
        minWidth: 128,
        render: (account) =>
          account.isActive ? (
            <Badge
              color="teal"
              variant="light"
              style={{ overflow: 'visible' }}
              leftSection={<IconCircleCheck size={14} aria-hidden />}
            >
              {t('status.active')}
            </Badge>
          ) : (
            <Button
              size="compact-xs"
              variant="default"
              loading={setActive.isPending && setActive.variables?.input.id === account._id}
              onClick={() => setActive.mutate({ id: account._id, version: account.version })}
              aria-label={t('actions.setActive', { name: account.bankName })}
            >
              {t('status.makeActive')}
            </Button>
          ),
      },
      {
        key: 'createdAt',
        priority: 3,
        header: t('columns.created'),
        sortField: 'createdAt',
        nowrap: true,
        render: (account) => format.date(account.createdAt),
      },
    ],
    [t, format, revealed, toggleReveal, setActive],
  );

  const filterFields: FilterField[] = [
    { type: 'text', name: 'bankName', label: t('filters.bankName'), width: 220 },
    { type: 'text', name: 'accountNumber', label: t('filters.accountNumber'), width: 200 },
    { type: 'text', name: 'ifscCode', label: t('filters.ifscCode'), width: 160 },
    activeFilterField(t('filters.isActive'), t('status.active'), t('status.inactive'), 160),
  ];

  return (
    <ResourceListPage
      csvExport="/bank-details"
      permissions={CRUD_PERMISSIONS.bankDetails}
      history={{ entity: 'bankDetail', name: (account) => account.bankName }}
      texts={{
        ...namedListTexts(t, (account: BankDetail) => account.bankName),
        deleteMessage: (account: BankDetail) =>
          t(account.isActive ? 'delete.messageActive' : 'delete.message', {
            name: account.bankName,
            last4: account.accountNumber.slice(-4),
          }),
      }}
      {...resourceListProps(bankDetails, list, query)}
      emptyIcon={<IconBuildingBank size={28} stroke={1.5} aria-hidden />}
      columns={columns}
      filterFields={filterFields}
      remove={remove}
      renderForm={(account, onClose) => (
        <BankDetailFormModal key={account?._id ?? 'new'} record={account} onClose={onClose} />
      )}
    >
      <Paper withBorder radius="md" p="md" mb="md" role="region" aria-label={t('activeCard.label')}>
        <Group gap="md" wrap="nowrap" align="center">
          <ThemeIcon size="lg" radius="md" variant="light" color={active.data ? 'teal' : 'gray'}>
            <IconBuildingBank size={20} aria-hidden />
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {t('activeCard.label')}
            </Text>
            {isUnavailableOffline(active) ? (
              <Text size="sm" c="dimmed">
                {t('ui:offlineUnavailable.title')}
              </Text>
            ) : active.isPending ? (
              <Skeleton h={18} w={220} mt={4} />
            ) : active.data ? (
              <Text size="sm" fw={600} data-testid="active-bank-detail">
                {t('activeCard.summary', {
                  name: active.data.bankName,
                  last4: active.data.accountNumber.slice(-4),
                  ifsc: active.data.ifscCode,
                })}
              </Text>
            ) : active.isError ? (
              <Text size="sm" c="red">
                {t('errors.fetchActive')}
              </Text>
            ) : (
              <Text size="sm" c="dimmed" data-testid="active-bank-detail">
                {t('activeCard.none')}
              </Text>
            )}
          </div>
        </Group>
      </Paper>
    </ResourceListPage>
  );
}
