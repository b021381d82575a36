import { Badge, Group, Text } from '@mantine/core';
import { IconKey, IconUserCheck, IconUserOff, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ROLES, type Role } from '../../../../contract/permissions.ts';
import { USER_SORTABLE, type User, type UserListParams } from '../../../../contract/users.ts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import type { DataTableColumn, RowAction } from '@/components/data-table';
import { activeFilterField, type FilterField } from '@/components/filter-bar';
import { PhoneCell } from '@/components/table-cells';
import { ResourceListPage, standardListTexts } from '@/components/resource-list-page';
import { resourceListProps } from '@/components/resource-list-props';
import { useFormatters } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useDeactivateUser, useReactivateUser, users } from '@/features/users/resource';
import { useListParams } from '@/lib/use-list-params';
import { useAuthStore } from '@/stores/auth';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { UserFormModal } from '../components/user-form-modal';

const LIST_CONFIG = {
  filters: {
    search: { type: 'text' },
    role: { type: 'select', options: ROLES },
    isActive: { type: 'boolean' },
  },
  sortable: USER_SORTABLE,
  defaultSort: '-createdAt',
} as const;

const ROLE_COLORS: Record<Role, string> = { owner: 'grape', admin: 'blue', staff: 'gray' };

export default function UsersPage() {
  const { t } = useTranslation('users');
  const format = useFormatters();
  const list = useListParams(LIST_CONFIG);
  // The role filter is parsed against ROLES, so it holds one of them or nothing.
  const query = useQuery(users.queries.list(list.params as Partial<UserListParams>));
  const deactivate = useDeactivateUser();
  const reactivate = useReactivateUser();
  const ownId = useAuthStore((state) => state.user?._id);
  const canManageAdmins = useCan('users.manageAdmins');
  const [toDeactivate, setToDeactivate] = useState<User | null>(null);
  const [toReset, setToReset] = useState<User | null>(null);

  // An admin manages staff only; an owner manages everyone.
  const manageable = useMemo(
    () => (user: User) => canManageAdmins || user.role === 'staff',
    [canManageAdmins],
  );
  const isSelf = useMemo(() => (user: User) => user._id === ownId, [ownId]);

  const columns = useMemo<DataTableColumn<User>[]>(
    () => [
      {
        key: 'name',
        priority: 1,
        header: t('columns.name'),
        sortField: 'name',
        minWidth: 180,
        render: (user) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {user.name}
            </Text>
            {isSelf(user) ? (
              <Badge size="xs" variant="outline">
                {t('you')}
              </Badge>
            ) : null}
          </Group>
        ),
      },
      {
        key: 'email',
        priority: 3,
        header: t('columns.email'),
        render: (user) => user.email,
      },
      {
        key: 'phone',
        priority: 3,
        header: t('columns.phone'),
        nowrap: true,
        render: (user) => <PhoneCell phone={user.phone} />,
      },
      {
        key: 'role',
        priority: 1,
        header: t('columns.role'),
        nowrap: true,
        render: (user) => (
          <Badge variant="light" color={ROLE_COLORS[user.role]}>
            {t(`roles.${user.role}`)}
          </Badge>
        ),
      },
      {
        key: 'isActive',
        priority: 1,
        header: t('columns.status'),
        nowrap: true,
        render: (user) => (
          <Badge variant="light" color={user.isActive ? 'teal' : 'gray'}>
            {user.isActive ? t('status.active') : t('status.inactive')}
          </Badge>
        ),
      },
      {
        key: 'lastSeenAt',
        priority: 2,
        header: t('columns.lastSeen'),
        sortField: 'lastSeenAt',
        nowrap: true,
        render: (user) =>
          user.lastSeenAt ? (
            <Text
              size="sm"
              component="time"
              dateTime={user.lastSeenAt}
              title={format.date(user.lastSeenAt)}
            >
              {format.relative(user.lastSeenAt)}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('neverSeen')}
            </Text>
          ),
      },
    ],
    [t, format, isSelf],
  );

  const rowActions = useMemo<RowAction<User>[]>(
    () => [
      {
        label: (user) => t('actions.resetPassword', { name: user.name }),
        tooltip: t('tooltips.resetPassword'),
        icon: <IconKey size={18} aria-hidden />,
        visible: (user) => manageable(user) && !isSelf(user),
        onClick: setToReset,
      },
      {
        label: (user) => t('actions.deactivate', { name: user.name }),
        tooltip: t('tooltips.deactivate'),
        icon: <IconUserOff size={18} aria-hidden />,
        color: 'red',
        visible: (user) => manageable(user) && !isSelf(user) && user.isActive,
        onClick: setToDeactivate,
      },
      {
        label: (user) => t('actions.reactivate', { name: user.name }),
        tooltip: t('tooltips.reactivate'),
        icon: <IconUserCheck size={18} aria-hidden />,
        color: 'teal',
        visible: (user) => manageable(user) && !isSelf(user) && !user.isActive,
        onClick: (user) => reactivate.mutate({ id: user._id, version: user.version }),
      },
    ],
    [t, manageable, isSelf, reactivate],
  );

  const filterFields: FilterField[] = [
    { type: 'text', name: 'search', label: t('filters.search'), width: 300 },
    {
      type: 'select',
      name: 'role',
      label: t('filters.role'),
      options: ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) })),
      width: 160,
    },
    activeFilterField(t('filters.status'), t('status.active'), t('status.inactive'), 160),
  ];

  return (
    <>
      <ResourceListPage
        csvExport="/users"
        permissions={{ read: 'users.read', write: 'users.manageStaff' }}
        canEditRow={manageable}
        texts={{
          ...standardListTexts(t),
          edit: (user) => t('actions.edit', { name: user.name }),
        }}
        {...resourceListProps(users, list, query)}
        emptyIcon={<IconUsers size={28} stroke={1.5} aria-hidden />}
        columns={columns}
        filterFields={filterFields}
        extraRowActions={rowActions}
        renderForm={(user, onClose) => (
          <UserFormModal
            key={user?._id ?? 'new'}
            user={user}
            isSelf={user !== null && isSelf(user)}
            onClose={onClose}
          />
        )}
      />
      <ConfirmDialog
        opened={toDeactivate !== null}
        title={t('deactivate.title')}
        message={toDeactivate ? t('deactivate.message', { name: toDeactivate.name }) : undefined}
        confirmLabel={t('deactivate.confirm')}
        loading={deactivate.isPending}
        onConfirm={() => {
          if (!toDeactivate) return;
          const close = () => setToDeactivate(null);
          deactivate.mutate(
            { id: toDeactivate._id, version: toDeactivate.version },
            { onSettled: close, onQueued: close },
          );
        }}
        onClose={() => setToDeactivate(null)}
      />
      {toReset ? <ResetPasswordModal user={toReset} onClose={() => setToReset(null)} /> : null}
    </>
  );
}
