import { bankDetailShape } from '../../../../contract/bank-details.ts';
import type { FieldSpec } from '@/components/form-fields';
import { recordFormModal } from '@/components/record-form-modal';
import { bankDetails } from '@/features/bank-details/resource';

const BANK_DETAIL_FIELDS: FieldSpec[] = [
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

export const BankDetailFormModal = recordFormModal({
  resource: bankDetails,
  fields: BANK_DETAIL_FIELDS,
  shape: bankDetailShape,
});
