import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { newPassword } from '../../../../contract/auth.ts';
import { ROLES, type Role } from '../../../../contract/permissions.ts';
import {
  userCreateWithoutPassword,
  userShape,
  type User,
  type UserUpdate,
} from '../../../../contract/users.ts';
import type { FieldSpec } from '@/components/form-fields';
import { RecordFormModal, type FormResource } from '@/components/record-form-modal';
import { useCan } from '@/lib/permissions';
import { users } from '@/features/users/resource';
import { TemporaryPasswordInput } from './temporary-password-input';

const createShape = { ...userShape, password: newPassword };

const contactFields: FieldSpec[] = [
  { name: 'name', kind: 'text', props: { autoComplete: 'off' } },
  {
    name: 'email',
    kind: 'text',
    props: { type: 'email', inputMode: 'email', autoComplete: 'off' },
  },
  { name: 'phone', kind: 'text', props: { type: 'tel', inputMode: 'tel', autoComplete: 'off' } },
];

/** The roles this manager may give: only an owner makes someone an admin or an owner. */
function useGrantableRoles(): readonly Role[] {
  const canManageAdmins = useCan('users.manageAdmins');
  return canManageAdmins ? ROLES : ['staff'];
}

// Nobody changes their own role or deactivates themselves, so their own row sends neither.
function useUpdateOwnAccount() {
  const update = users.useUpdate();
  return {
    isPending: update.isPending,
    mutate: (
      input: { id: string; body: UserUpdate },
      options: Parameters<typeof update.mutate>[1],
    ) => {
      const { role: _role, isActive: _isActive, ...body } = input.body;
      update.mutate({ id: input.id, body }, options);
    },
  };
}

export interface UserFormModalProps {
  /** The user being edited; `null` adds a new one. */
  user: User | null;
  /** The row is the signed-in user's own. */
  isSelf: boolean;
  onClose: () => void;
}

export function UserFormModal({ user, isSelf, onClose }: UserFormModalProps) {
  const { t } = useTranslation('users');
  const roles = useGrantableRoles();
  const isEdit = user !== null;

  const fields = useMemo<FieldSpec[]>(() => {
    const role: FieldSpec = {
      name: 'role',
      kind: 'select',
      options: isSelf && user ? [user.role] : roles,
      optionLabels: 'roles',
      initial: 'staff',
      wide: !isEdit,
      // Every user has a role: choosing the current one again must not empty the field.
      props: {
        allowDeselect: false,
        ...(isSelf ? { disabled: true, description: t('hints.ownRole') } : {}),
      },
    };
    if (!isEdit) {
      return [
        ...contactFields,
        role,
        {
          name: 'password',
          kind: 'text',
          wide: true,
          render: (form) => <TemporaryPasswordInput form={form} />,
        },
      ];
    }
    return isSelf
      ? [...contactFields, role]
      : [...contactFields, role, { name: 'isActive', kind: 'switch' }];
  }, [isEdit, isSelf, roles, t, user]);

  // An edit is checked against the fields a user has without the password only a new one needs.
  const editResource = useMemo<FormResource<never, UserUpdate>>(
    () => ({
      ...users,
      schemas: { create: userCreateWithoutPassword },
      useUpdate: isSelf ? useUpdateOwnAccount : users.useUpdate,
    }),
    [isSelf],
  );

  return (
    <RecordFormModal
      resource={isEdit ? editResource : users}
      record={user}
      fields={fields}
      shape={isEdit ? userShape : createShape}
      onClose={onClose}
    />
  );
}
