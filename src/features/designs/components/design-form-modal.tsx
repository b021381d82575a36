import { designShape } from '../../../../contract/designs.ts';
import type { FieldSpec } from '@/components/form-fields';
import { recordFormModal } from '@/components/record-form-modal';
import { designs } from '@/features/designs/resource';

const DESIGN_FIELDS: FieldSpec[] = [
  { name: 'designCode', kind: 'text', code: true },
  { name: 'rate', kind: 'money' },
  { name: 'name', kind: 'text', wide: true },
  { name: 'description', kind: 'textarea' },
];

export const DesignFormModal = recordFormModal({
  resource: designs,
  fields: DESIGN_FIELDS,
  shape: designShape,
});
