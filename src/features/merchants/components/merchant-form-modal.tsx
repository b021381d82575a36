import { merchantShape } from '../../../../contract/merchants.ts';
import type { FieldSpec } from '@/components/form-fields';
import { recordFormModal } from '@/components/record-form-modal';
import { merchants } from '@/features/merchants/resource';

const MERCHANT_FIELDS: FieldSpec[] = [
  { name: 'name', kind: 'text', wide: true },
  { name: 'contactPerson', kind: 'text', props: { autoComplete: 'name' } },
  { name: 'phone', kind: 'text', props: { type: 'tel', inputMode: 'tel', autoComplete: 'tel' } },
  {
    name: 'email',
    kind: 'text',
    props: { type: 'email', inputMode: 'email', autoComplete: 'email' },
  },
  { name: 'city', kind: 'text', props: { autoComplete: 'address-level2' } },
  { name: 'gstin', kind: 'text', code: 'upper', wide: true },
  { name: 'address', kind: 'textarea', props: { rows: 2 } },
  { name: 'notes', kind: 'textarea' },
];

export const MerchantFormModal = recordFormModal({
  resource: merchants,
  fields: MERCHANT_FIELDS,
  shape: merchantShape,
});
