import { Alert, Button, Fieldset, Group, Paper, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import {
  DELIVERED_ORDER_EDITABLE,
  orderShape,
  type Order,
  type OrderCreate,
  type OrderUpdate,
} from '../../../../contract/orders.ts';
import { BackLink } from '@/components/back-link';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { FormFields, type FieldSpec } from '@/components/form-fields';
import { FormNotices, LeaveGuard, useFormSafety } from '@/components/form-safety';
import {
  changedFields,
  StaleVersionDialog,
  type StaleField,
} from '@/components/stale-version-dialog';
import { useVersionedSave } from '@/components/use-versioned-save';
import { useFormatters } from '@/lib/format';
import { PageHeader } from '@/components/page-header';
import { SectionLoader } from '@/components/section-loader';
import { ApiError } from '@/lib/api-client';
import { describeError } from '@/lib/resource-factory';
import { designs as designsResource } from '@/features/designs/resource';
import { merchants as merchantsResource } from '@/features/merchants/resource';
import { orders as ordersResource } from '@/features/orders/resource';
import { useZodForm } from '@/lib/use-zod-form';
import {
  orderEditFormSchema,
  orderFormSchema,
  orderFormValues,
  orderTotals,
  type OrderFormValues,
  type OrderLineValues,
} from '../components/order-form-values';
import { OrderLinesEditor } from '../components/order-lines-editor';
import { OrderStatusControl } from '../components/order-status-control';
import { HistoryButton } from '@/components/history-drawer';
import { NotesPanel } from '@/components/notes/notes-panel';
import { isUnavailableOffline, OfflineUnavailable } from '@/components/offline-unavailable';

/** `/orders/create` and `/orders/edit/:orderId`. */
export default function OrderFormPage() {
  const { orderId } = useParams();
  const { t } = useTranslation(['orders', 'ui']);
  const order = useQuery({
    ...ordersResource.queries.detail(orderId ?? ''),
    enabled: orderId !== undefined,
  });

  const back = <BackLink to="/orders">{t('backToList')}</BackLink>;

  if (orderId === undefined) {
    return (
      <>
        <PageHeader title={t('createTitle')} description={t('createDescription')} actions={back} />
        <OrderForm order={null} />
      </>
    );
  }
  if (isUnavailableOffline(order)) {
    return (
      <>
        <PageHeader title={t('title')} actions={back} />
        <OfflineUnavailable onRetry={() => order.refetch()} />
      </>
    );
  }
  if (order.isPending) return <SectionLoader label={t('loading')} />;
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
        actions={
          <Group gap="sm">
            <HistoryButton
              target={{ entity: 'order', entityId: order.data._id, name: order.data.poNumber }}
            />
            {back}
          </Group>
        }
      />
      <Stack gap="md">
        <OrderStatusControl order={order.data} />
        {/* A status move refetches the order; keying by id keeps the user's unsaved edits. */}
        <OrderForm key={order.data._id} order={order.data} />
        <NotesPanel subject={{ subjectType: 'order', subjectId: order.data._id }} />
      </Stack>
    </>
  );
}

const ORDER_FIELDS: FieldSpec[] = [
  { name: 'merchantId', kind: 'select', props: { searchable: true } },
  { name: 'poNumber', kind: 'text' },
  { name: 'orderDate', kind: 'date' },
  { name: 'deliveryDate', kind: 'date' },
  { name: 'isPaid', kind: 'switch' },
  { name: 'notes', kind: 'textarea', props: { rows: 2, autosize: true, minRows: 2 } },
];

/** Lines as the user edits them: design, quantity and rate (ids and amounts follow from them). */
function editedLines(value: unknown) {
  return ((value as OrderLineValues[] | undefined) ?? []).map((line) => ({
    designId: line.designId,
    quantity: Number(line.quantity),
    rate: Number(line.rate),
  }));
}

/** What the form edits, as compared when the stored order moved on. */
const ORDER_COMPARED: StaleField[] = [...ORDER_FIELDS, { name: 'designs', compareAs: editedLines }];

function OrderForm({ order }: { order: Order | null }) {
  const { t } = useTranslation(['orders', 'ui']);
  const format = useFormatters();
  const navigate = useNavigate();
  const merchants = useQuery(merchantsResource.queries.all());
  const designs = useQuery(designsResource.queries.all());
  const form = useZodForm<OrderFormValues, OrderCreate | OrderUpdate>({
    namespace: 'orders',
    schema: order ? orderEditFormSchema : orderFormSchema,
    initialValues: orderFormValues(order),
  });
  const create = ordersResource.useCreate();
  const update = ordersResource.useUpdate();
  const submitting = create.isPending || update.isPending;
  const safety = useFormSafety(form, order ? null : 'orders:create');
  // The form's own `version` only satisfies the schema; what is sent is the version of the
  // order this form last read (it moves on after "Keep mine" or the user's own status move).
  const saving = useVersionedSave({
    form,
    record: order,
    write: (body, version, callbacks) => {
      if (order) {
        update.mutate({ id: order._id, body: { ...body, version } as OrderUpdate }, callbacks);
      } else {
        create.mutate(body as OrderCreate, callbacks);
      }
    },
    toValues: orderFormValues,
    failureKey: order ? 'orders:errors.update' : 'orders:errors.create',
    onSaved: () => {
      // Saved: leaving now is not abandoning the form.
      form.resetDirty();
      safety.forgetDraft();
      void navigate('/orders');
    },
  });

  // A newer read that changed nothing this form shows (e.g. the user's own status move) only
  // moves the version on; a change to what the form shows is left for the save to report.
  const { read, adopt } = saving;
  useEffect(() => {
    if (!order || !read || order.version === read.version) return;
    const changed = changedFields(ORDER_COMPARED, orderFormValues(read), orderFormValues(order));
    if (changed.length === 0) adopt(order);
  }, [order, read, adopt]);

  const merchantChoices = (merchants.data ?? []).map((merchant) => ({
    value: merchant._id,
    label: merchant.name,
  }));
  // A merchant missing from the pick list (e.g. still loading) still shows its name.
  if (order && !merchantChoices.some((choice) => choice.value === order.merchantId)) {
    merchantChoices.unshift({ value: order.merchantId, label: order.merchant.name });
  }
  // A delivered order keeps what was delivered; the server refuses changes to the rest.
  const delivered = order?.status === 'delivered';
  const editable = new Set<string>(DELIVERED_ORDER_EDITABLE);
  const fields = ORDER_FIELDS.map((field) => {
    const withChoices =
      field.name === 'merchantId' ? { ...field, choices: merchantChoices } : field;
    // A billed order is paid when its bill is: payments are recorded against the bill.
    if (field.name === 'isPaid' && order?.billId) {
      const props = { ...withChoices.props, disabled: true, description: t('paidFollowsBill') };
      return { ...withChoices, props };
    }
    return delivered && !editable.has(field.name)
      ? { ...withChoices, props: { ...withChoices.props, disabled: true } }
      : withChoices;
  });
  const staleFields: StaleField[] = [
    ...fields,
    {
      name: 'designs',
      compareAs: editedLines,
      format: (lines) => {
        const edited = editedLines(lines);
        const total = orderTotals(
          edited.map((line, index) => ({ ...line, key: String(index) })),
        ).amount;
        return t('lines.count', {
          count: edited.length,
          total: format.money(total),
        });
      },
    },
  ];

  return (
    <form onSubmit={saving.onSubmit} noValidate>
      <LeaveGuard when={() => form.isDirty()} />
      <Stack gap="md">
        <FormNotices safety={safety} failure={saving.failure} />
        {delivered && (
          <Alert color="blue" variant="light">
            {t('deliveredLocked')}
          </Alert>
        )}
        <Paper withBorder p="md" radius="md">
          <FormFields fields={fields} form={form} shape={orderShape} namespace="orders" />
        </Paper>
        <Fieldset variant="unstyled" disabled={delivered}>
          <OrderLinesEditor
            form={form}
            designs={designs.data ?? []}
            designsLoading={designs.isPending}
          />
        </Fieldset>
        {saving.conflict ? (
          <StaleVersionDialog namespace="orders" fields={staleFields} {...saving.conflict} />
        ) : null}
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
