import classes from '@/components/print-sheet.module.css';

interface FieldProps {
  label: string;
  value: string | null | undefined;
  /** Numbers and dates read wrong when broken across lines (`INV/2026-` / `27/0042`). */
  unbroken?: boolean;
}

export function Field({ label, value, unbroken = false }: FieldProps) {
  if (!value) return null;
  return (
    <div className={classes.field}>
      <span className={classes.fieldLabel}>{label}: </span>
      <span className={unbroken ? classes.unbroken : undefined}>{value}</span>
    </div>
  );
}
