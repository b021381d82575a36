import {
  ActionIcon,
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Design } from '../../../../contract/designs.ts';
import { ORDER_LINE_LIMIT } from '../../../../contract/orders.ts';
import { MoneyText } from '@/components/money-text';
import { useFormatters } from '@/lib/format';
import type { ZodForm } from '@/lib/use-zod-form';
import { emptyLine, lineAmount, orderTotals, type OrderFormValues } from './order-form-values';

export interface OrderLinesEditorProps {
  form: ZodForm<OrderFormValues, unknown>;
  designs: Design[];
  designsLoading: boolean;
}

/**
 * The order's design lines: pick a design (searchable by name and code), quantity and rate; the
 * rate starts from the design's own, and line amounts and the total follow every keystroke.
 */
export function OrderLinesEditor({ form, designs, designsLoading }: OrderLinesEditorProps) {
  const { t } = useTranslation('orders');
  const format = useFormatters();
  const lines = form.getValues().designs;
  const totals = orderTotals(lines);
  const designOptions = designs.map((design) => ({
    value: design._id,
    label: `${design.designCode} — ${design.name}`,
  }));
  const rateById = new Map(designs.map((design) => [design._id, design.rate]));
  const listError = form.errors.designs;

  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={2} fz="h4">
          {t('lines.title')}
        </Title>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={lines.length >= ORDER_LINE_LIMIT}
          onClick={() => form.insertListItem('designs', emptyLine())}
        >
          {t('lines.add')}
        </Button>
      </Group>
      <Stack gap="sm" role="list" aria-label={t('lines.label')}>
        {lines.map((line, index) => {
          const number = index + 1;
          return (
            <Paper
              key={line.key}
              role="listitem"
              aria-label={t('lines.line', { number })}
              withBorder
              p="sm"
              radius="sm"
              bg="var(--mantine-color-body)"
            >
              <Group align="flex-start" gap="sm" wrap="nowrap">
                <Grid gap="sm" style={{ flex: 1 }}>
                  <Grid.Col span={{ base: 12, md: 5 }}>
                    <Select
                      label={t('lines.design')}
                      placeholder={t('placeholders.design')}
                      data={designOptions}
                      searchable
                      withAsterisk
                      nothingFoundMessage={designsLoading ? '…' : undefined}
                      comboboxProps={{ withinPortal: true }}
                      {...form.getInputProps(`designs.${index}.designId`)}
                      onChange={(designId: string | null) => {
                        form.setFieldValue(`designs.${index}.designId`, designId);
                        const rate = designId ? rateById.get(designId) : undefined;
                        if (rate !== undefined && rate !== null) {
                          form.setFieldValue(`designs.${index}.rate`, rate);
                        }
                      }}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, md: 2 }}>
                    <NumberInput
                      label={t('lines.quantity')}
                      required
                      allowDecimal={false}
                      clampBehavior="none"
                      thousandSeparator=","
                      inputMode="numeric"
                      {...form.getInputProps(`designs.${index}.quantity`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 6, md: 3 }}>
                    <NumberInput
                      label={t('lines.rate')}
                      required
                      decimalScale={2}
                      clampBehavior="none"
                      hideControls
                      leftSection="₹"
                      inputMode="decimal"
                      {...form.getInputProps(`designs.${index}.rate`)}
                    />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 2 }}>
                    <Stack gap={4}>
                      <Text size="sm" fw={500}>
                        {t('lines.amount')}
                      </Text>
                      <Text
                        size="lg"
                        fw={600}
                        data-testid={`line-amount-${index}`}
                        style={{ fontVariantNumeric: 'tabular-nums' }}
                      >
                        {format.money(lineAmount(line.quantity, line.rate))}
                      </Text>
                    </Stack>
                  </Grid.Col>
                </Grid>
                <Tooltip label={t('lines.remove', { number })}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={26}
                    aria-label={t('lines.remove', { number })}
                    disabled={lines.length <= 1}
                    onClick={() => form.removeListItem('designs', index)}
                  >
                    <IconTrash size={18} aria-hidden />
                  </ActionIcon>
                </Tooltip>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      {typeof listError === 'string' || typeof listError === 'number' ? (
        <Text c="red" size="sm" mt="xs" role="alert">
          {lines.length === 0 ? t('lines.empty') : listError}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="xl" mt="md">
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('lines.totalQuantity')}
          </Text>
          <Text fw={600} data-testid="order-total-quantity">
            {format.number(totals.quantity)}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('lines.total')}
          </Text>
          <MoneyText amount={totals.amount} fz="xl" fw={700} data-testid="order-total" />
        </Stack>
      </Group>
    </Paper>
  );
}
