import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import {
  EXPENSE_PAYMENT_METHODS,
  expenseShape,
  type Expense,
} from '../../../../contract/expenses.ts';
import type { FieldSpec } from '@/components/form-fields';
import { RecordFormModal } from '@/components/record-form-modal';
import { expenseCategories, expenses } from '@/features/expenses/resource';

/** The category suggests the names already in use, since grouping is by the exact name. */
function expenseFields(categories: readonly string[]): FieldSpec[] {
  return [
    { name: 'category', kind: 'autocomplete', suggestions: categories, wide: true },
    { name: 'amount', kind: 'money' },
    { name: 'expenseDate', kind: 'date', initial: 'today' },
    {
      name: 'paymentMethod',
      kind: 'select',
      options: EXPENSE_PAYMENT_METHODS,
      optionLabels: 'paymentMethods',
      wide: true,
    },
    { name: 'description', kind: 'textarea' },
  ];
}

export interface ExpenseFormModalProps {
  /** The expense being edited; `null` records a new one. */
  expense: Expense | null;
  onClose: () => void;
}

export function ExpenseFormModal({ expense, onClose }: ExpenseFormModalProps) {
  const categories = useQuery(expenseCategories());
  const fields = useMemo(() => expenseFields(categories.data ?? []), [categories.data]);
  return (
    <RecordFormModal
      resource={expenses}
      record={expense}
      fields={fields}
      shape={expenseShape}
      onClose={onClose}
      size="md"
    />
  );
}
