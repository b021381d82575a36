import {
  Anchor,
  Button,
  Checkbox,
  Grid,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconArrowLeft, IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  PO_NUMBER_MAX,
  type Order,
  type OrderCreate,
  type OrderUpdate,
} from '../../../../contract/orders.ts';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { PageHeader } from '@/components/page-header';
import { ApiError } from '@/lib/api-client';
import { DISPLAY_DATE_FORMAT } from '@/lib/format';
import { describeError } from '@/lib/resource-factory';
import { useZodForm } from '@/lib/use-zod-form';
import {
  orderEditFormSchema,
  orderFormSchema,
  orderFormValues,
  type OrderFormValues,
} from '../components/order-form-values';
import { OrderLinesEditor } from '../components/order-lines-editor';
import { OrderStatusControl } from '../components/order-status-control';
import * as resources from '@/lib/resources';

/** `/orders/create` and `/orders/edit/:orderId`. */
export default function OrderFormPage() {
  const { orderId } = useParams();
  const { t } = useTranslation(['orders', 'ui']);
  const order = useQuery({
    ...resources.orders.queries.detail(orderId ?? ''),
    enabled: orderId !== undefined,
  });

  const back = (
    <Anchor component={Link} to="/orders" size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('backToList')}
      </Group>
    </Anchor>
  );

  if (orderId === undefined) {
    return (
      <>
        <PageHeader title={t('createTitle')} description={t('createDescription')} actions={back} />
        <OrderForm order={null} />
      </>
    );
  }
  if (order.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('loading')} />
      </Group>
    );
  }
  if (order.isError) {
    const status = order.error instanceof ApiError ? order.error.status : undefined;
    return (
      <>
        <PageHeader title={t('title')} actions={back} />
        {status === 404 || status === 400 ? (
          <EmptyState title={t('notFound')} />
        ) : (
          <ErrorState
            message={describeError(order.error, t, 'orders:errors.fetchOne')}
            onRetry={() => void order.refetch()}
          />
        )}
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={t('editTitle', { poNumber: order.data.poNumber })}
        description={t('editDescription')}
        actions={back}
      />
      <Stack gap="md">
        <OrderStatusControl order={order.data} />
        {/* A status move refetches the order; keying by id keeps the user's unsaved edits. */}
        <OrderForm key={order.data._id} order={order.data} />
      </Stack>
    </>
  );
}

function OrderForm({ order }: { order: Order | null }) {
  const { t } = useTranslation(['orders', 'ui']);
  const navigate = useNavigate();
  const merchants = useQuery(resources.merchants.queries.all());
  const designs = useQuery(resources.designs.queries.all());
  const form = useZodForm<OrderFormValues, OrderCreate | OrderUpdate>({
    namespace: 'orders',
    schema: order ? orderEditFormSchema : orderFormSchema,
    initialValues: orderFormValues(order),
  });
  const create = resources.orders.useCreate();
  const update = resources.orders.useUpdate();
  const submitting = create.isPending || update.isPending;

  const handleSubmit = form.submit((body) => {
    const callbacks = {
      onSuccess: () => void navigate('/orders'),
      onQueued: () => void navigate('/orders'),
      onError: (error: Error) => {
        form.applyServerErrors(error);
      },
    };
    if (order) update.mutate({ id: order._id, body }, callbacks);
    else create.mutate(body as OrderCreate, callbacks);
  });

  const merchantOptions = (merchants.data ?? []).map((merchant) => ({
    value: merchant._id,
    label: merchant.name,
  }));
  // A merchant missing from the pick list (e.g. still loading) still shows its name.
  if (order && !merchantOptions.some((option) => option.value === order.merchantId)) {
    merchantOptions.unshift({ value: order.merchantId, label: order.merchant.name });
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 6 }}>
              <Select
                label={t('fields.merchant')}
                placeholder={t('placeholders.merchant')}
                data={merchantOptions}
                searchable
                withAsterisk
                data-autofocus
                comboboxProps={{ withinPortal: true }}
                {...form.getInputProps('merchantId')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <TextInput
                label={t('fields.poNumber')}
                placeholder={t('placeholders.poNumber')}
                withAsterisk
                maxLength={PO_NUMBER_MAX}
                {...form.getInputProps('poNumber')}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }}>
              <SimpleGrid cols={2} spacing="md">
                <DateInput
                  label={t('fields.orderDate')}
                  placeholder={t('placeholders.date')}
                  withAsterisk
                  valueFormat={DISPLAY_DATE_FORMAT}
                  leftSection={<IconCalendar size={16} aria-hidden />}
                  popoverProps={{ withinPortal: true }}
                  {...form.getInputProps('orderDate')}
                />
                <DateInput
                  label={t('fields.deliveryDate')}
                  placeholder={t('placeholders.date')}
                  valueFormat={DISPLAY_DATE_FORMAT}
                  leftSection={<IconCalendar size={16} aria-hidden />}
                  popoverProps={{ withinPortal: true }}
                  clearable
                  {...form.getInputProps('deliveryDate')}
                />
              </SimpleGrid>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 6 }} style={{ alignSelf: 'flex-end' }}>
              <Checkbox
                label={t('fields.isPaid')}
                description={t('fields.isPaidHint')}
                color="green"
                mb={4}
                {...form.getInputProps('isPaid', { type: 'checkbox' })}
              />
            </Grid.Col>
            <Grid.Col span={12}>
              <Textarea
                label={t('fields.notes')}
                placeholder={t('placeholders.notes')}
                rows={2}
                autosize
                minRows={2}
                maxLength={1000}
                {...form.getInputProps('notes')}
              />
            </Grid.Col>
          </Grid>
        </Paper>
        <OrderLinesEditor
          form={form}
          designs={designs.data ?? []}
          designsLoading={designs.isPending}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" component={Link} to="/orders">
            {t('actions.cancel')}
          </Button>
          <Button type="submit" loading={submitting}>
            {order ? t('actions.save') : t('actions.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
