import { NumberInput, SimpleGrid, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { designCreate, designUpdate, type Design } from '../../../../contract/designs.ts';
import { FormModal } from '@/components/form-modal';
import { useRecordFormModal } from '@/components/record-form-modal';
import * as resources from '@/lib/resources';

export interface DesignFormValues extends Record<string, unknown> {
  name: string;
  designCode: string;
  description: string;
  /** As the number box holds it: '' when empty, a string while a decimal is being typed. */
  rate: number | string;
}

export function designFormValues(design?: Design | null): DesignFormValues {
  return {
    name: design?.name ?? '',
    designCode: design?.designCode ?? '',
    description: design?.description ?? '',
    rate: design?.rate ?? '',
  };
}

/** The form's rate as the API takes it: empty means no rate. */
const withRateAsNumber = (schema: z.ZodType) =>
  z.preprocess((values) => {
    const { rate } = values as DesignFormValues;
    return { ...(values as object), rate: rate === '' ? null : Number(rate) };
  }, schema);

const createSchema = withRateAsNumber(designCreate);
const updateSchema = withRateAsNumber(designUpdate);

export interface DesignFormModalProps {
  /** The design being edited; `null` adds a new one. */
  design: Design | null;
  onClose: () => void;
}

export function DesignFormModal({ design, onClose }: DesignFormModalProps) {
  const { t } = useTranslation('designs');
  const create = resources.designs.useCreate();
  const update = resources.designs.useUpdate();
  const { form, isEdit, modalProps } = useRecordFormModal({
    record: design,
    initialValues: designFormValues(design),
    schemas: { create: createSchema, update: updateSchema },
    namespace: 'designs',
    create,
    update,
    onClose,
  });

  return (
    <FormModal {...modalProps} title={isEdit ? t('edit') : t('add')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label={t('fields.designCode')}
          placeholder={t('placeholders.designCode')}
          withAsterisk
          data-autofocus
          maxLength={40}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('designCode')}
        />
        <NumberInput
          label={t('fields.rate')}
          placeholder={t('placeholders.rate')}
          description={t('hints.rate')}
          leftSection="₹"
          min={0}
          decimalScale={2}
          thousandSeparator=","
          thousandsGroupStyle="lakh"
          allowNegative={false}
          hideControls
          {...form.getInputProps('rate')}
        />
      </SimpleGrid>
      <TextInput
        label={t('fields.name')}
        placeholder={t('placeholders.name')}
        withAsterisk
        maxLength={120}
        {...form.getInputProps('name')}
      />
      <Textarea
        label={t('fields.description')}
        placeholder={t('placeholders.description')}
        rows={3}
        resize="vertical"
        maxLength={1000}
        {...form.getInputProps('description')}
      />
    </FormModal>
  );
}
