import { SALARY_TYPES, workerShape, type Worker } from '../../../../contract/workers.ts';
import type { FieldSpec } from '@/components/form-fields';
import { RecordFormModal } from '@/components/record-form-modal';
import * as resources from '@/lib/resources';

export const WORKER_FIELDS: FieldSpec[] = [
  { name: 'name', kind: 'text', wide: true },
  { name: 'phone', kind: 'text', props: { type: 'tel', inputMode: 'tel' } },
  { name: 'designation', kind: 'text' },
  { name: 'joiningDate', kind: 'date', initial: 'today' },
  { name: 'salaryType', kind: 'select', options: SALARY_TYPES, optionLabels: 'salaryTypes' },
  { name: 'baseSalary', kind: 'money' },
  { name: 'address', kind: 'textarea', props: { rows: 2 } },
  { name: 'isActive', kind: 'switch', initial: true },
];

export interface WorkerFormModalProps {
  /** The worker being edited; `null` adds a new one. */
  worker: Worker | null;
  onClose: () => void;
}

export function WorkerFormModal({ worker, onClose }: WorkerFormModalProps) {
  return (
    <RecordFormModal
      resource={resources.workers}
      record={worker}
      fields={WORKER_FIELDS}
      shape={workerShape}
      onClose={onClose}
    />
  );
}
