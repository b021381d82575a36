import { Text, type TextProps } from '@mantine/core';
import { useFormatters } from '@/lib/format';

export interface MoneyTextProps extends TextProps {
  amount: number | null | undefined;
  /** Shown when there is no amount. */
  fallback?: string;
}

/** Rupees in the interface language's grouping, with figures that line up in columns. */
export function MoneyText({ amount, fallback = '—', ...textProps }: MoneyTextProps) {
  const format = useFormatters();
  const text = amount === null || amount === undefined ? fallback : format.money(amount);
  return (
    <Text
      component="span"
      inherit
      style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      {...textProps}
    >
      {text}
    </Text>
  );
}
