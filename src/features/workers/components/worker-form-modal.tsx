import {
  SALARY_TYPES,
  WORKER_PAY_FIELDS,
  WORKER_PAY_PERMISSION,
  workerShape,
  type Worker,
} from '../../../../contract/workers.ts';
import type { FieldSpec } from '@/components/form-fields';
import { RecordFormModal } from '@/components/record-form-modal';
import { useCan } from '@/lib/permissions';
import { workers } from '@/features/workers/resource';

const WORKER_FIELDS: FieldSpec[] = [
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

const PAY_FIELDS: readonly string[] = WORKER_PAY_FIELDS;
const FIELDS_WITHOUT_PAY = WORKER_FIELDS.filter((field) => !PAY_FIELDS.includes(field.name));

export function WorkerFormModal({ worker, onClose }: WorkerFormModalProps) {
  // Only managers edit workers today; should another role ever, it neither sees nor blanks pay.
  const canReadPay = useCan(WORKER_PAY_PERMISSION);
  return (
    <RecordFormModal
      resource={workers}
      record={worker}
      fields={canReadPay ? WORKER_FIELDS : FIELDS_WITHOUT_PAY}
      shape={workerShape}
      onClose={onClose}
    />
  );
}
