import { bankDetailShape, type BankDetail } from '../../../../contract/bank-details.ts';
import type { FieldSpec } from '@/components/form-fields';
import { RecordFormModal } from '@/components/record-form-modal';
import { bankDetails } from '@/features/bank-details/resource';

export const BANK_DETAIL_FIELDS: FieldSpec[] = [
  { name: 'bankName', kind: 'text' },
  { name: 'branch', kind: 'text' },
  { name: 'accountHolderName', kind: 'text', wide: true },
  {
    name: 'accountNumber',
    kind: 'text',
    code: true,
    props: { inputMode: 'numeric', autoComplete: 'off' },
  },
  { name: 'ifscCode', kind: 'text', code: 'upper', props: { autoComplete: 'off' } },
  { name: 'isActive', kind: 'switch' },
];

export interface BankDetailFormModalProps {
  /** The account being edited; `null` adds a new one. */
  bankDetail: BankDetail | null;
  onClose: () => void;
}

export function BankDetailFormModal({ bankDetail, onClose }: BankDetailFormModalProps) {
  return (
    <RecordFormModal
      resource={bankDetails}
      record={bankDetail}
      fields={BANK_DETAIL_FIELDS}
      shape={bankDetailShape}
      onClose={onClose}
    />
  );
}
