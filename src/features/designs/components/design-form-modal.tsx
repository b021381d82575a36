import { designShape, type Design } from '../../../../contract/designs.ts';
import type { FieldSpec } from '@/components/form-fields';
import { RecordFormModal } from '@/components/record-form-modal';
import { designs } from '@/features/designs/resource';

export const DESIGN_FIELDS: FieldSpec[] = [
  { name: 'designCode', kind: 'text', code: true },
  { name: 'rate', kind: 'money' },
  { name: 'name', kind: 'text', wide: true },
  { name: 'description', kind: 'textarea' },
];

export interface DesignFormModalProps {
  /** The design being edited; `null` adds a new one. */
  design: Design | null;
  onClose: () => void;
}

export function DesignFormModal({ design, onClose }: DesignFormModalProps) {
  return (
    <RecordFormModal
      resource={designs}
      record={design}
      fields={DESIGN_FIELDS}
      shape={designShape}
      onClose={onClose}
    />
  );
}
