import { NumberInput, type NumberInputProps } from '@mantine/core';

/** A count of pieces: whole and never negative, typed on the number keypad (no spinner). */
export function PiecesInput(props: NumberInputProps) {
  return (
    <NumberInput
      min={0}
      allowDecimal={false}
      allowNegative={false}
      hideControls
      inputMode="numeric"
      {...props}
    />
  );
}
