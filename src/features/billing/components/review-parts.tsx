import { Alert, Text } from '@mantine/core';

/** One setting of a document under review: its label, then its value in bold. */
export function ReviewSetting({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed" size="sm">
        {label}:
      </Text>{' '}
      <Text span fw={600} size="sm">
        {value}
      </Text>
    </Text>
  );
}

/**
 * The number a bill or note would take, said as a forecast: it is taken only when the document
 * is issued, and another device may take it first.
 */
export function NumberForecast(props: { label: string; forecast: string; note: string }) {
  return (
    <Alert color="blue" variant="light" role="note" aria-label={props.label}>
      <Text size="sm" fw={600}>
        {props.forecast}
      </Text>
      <Text size="sm">{props.note}</Text>
    </Alert>
  );
}
