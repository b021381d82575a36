import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { AnyT } from '@/lib/translation-keys';
import { useCallback, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { safeParse, type core } from 'zod/mini';
import { describeIssue, validationErrorMap } from '../../contract/validation.ts';
import { ApiError } from '@/lib/api-client';
import { fieldErrorText } from '@/lib/error-text';

/**
 * Field errors for `values`, keyed by dotted path, in the interface language; first issue wins.
 * The same words as for the server's field errors: both go through `fieldErrorText`.
 */
export function zodFormErrors(
  schema: core.$ZodType,
  values: unknown,
  t: AnyT,
  namespace?: string,
): FormErrors {
  const result = safeParse(schema, values, { error: validationErrorMap });
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const described = describeIssue(issue);
    if (described.path in errors) continue;
    errors[described.path] = fieldErrorText(described, t, namespace);
  }
  return errors;
}

export interface UseZodFormOptions<Values> {
  /** A schema of zod or zod/mini (the sign-in page's, so that page loads without all of zod). */
  schema: core.$ZodType;
  /** The form's i18n namespace, where it may word an error for one of its fields. */
  namespace?: string;
  initialValues: Values;
  /** Re-check a field when it loses focus once the user has tried to submit. */
  validateInputOnBlur?: boolean;
}

export type ZodForm<Values, Output> = UseFormReturnType<Values> & {
  /** Like `form.onSubmit`, but hands over the schema's parsed output (trimmed, nulls applied). */
  submit: (
    onValid: (output: Output, values: Values) => void,
  ) => (event?: React.FormEvent<HTMLFormElement>) => void;
  /**
   * Puts a server 400's `errors[].path` onto the matching inputs. Returns the messages that did
   * not belong to any field, so the caller can show them elsewhere.
   */
  applyServerErrors: (error: unknown) => string[];
};

/**
 * A Mantine form validated by the same zod schema the server uses, with messages from the
 * `validation` namespace.
 */
export function useZodForm<Values extends Record<string, unknown>, Output = Values>(
  options: UseZodFormOptions<Values>,
): ZodForm<Values, Output> {
  const { t } = useTranslation();
  const { schema, namespace } = options;
  // Names the inputs' data-path attributes, so focus can find this form's fields among others.
  const name = `form${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const form = useForm<Values>({
    name,
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => zodFormErrors(schema, values, t, namespace),
    validateInputOnBlur: options.validateInputOnBlur ?? false,
  });

  const { onSubmit, setErrors, getValues } = form;

  /** Puts the focus on the first field, in page order, that has an error. */
  const focusFirstError = useCallback(
    (errors: FormErrors) => {
      // After React has drawn the messages, so the field is announced with its error.
      requestAnimationFrame(() => {
        const inputs = document.querySelectorAll<HTMLElement>(`[data-path^="${name}-"]`);
        for (const input of inputs) {
          const path = input.getAttribute('data-path')?.slice(name.length + 1) ?? '';
          if (errors[path] !== undefined && errors[path] !== null) {
            input.focus();
            return;
          }
        }
      });
    },
    [name],
  );

  const submit = useCallback(
    (onValid: (output: Output, values: Values) => void) =>
      onSubmit(
        (values) => {
          const parsed = safeParse(schema, values, { error: validationErrorMap });
          if (parsed.success) onValid(parsed.data as Output, values);
        },
        (errors) => focusFirstError(errors),
      ),
    [onSubmit, schema, focusFirstError],
  );

  const applyServerErrors = useCallback(
    (error: unknown): string[] => {
      if (!(error instanceof ApiError) || error.errors.length === 0) return [];
      const fields = new Set(Object.keys(getValues()));
      const fieldErrors: FormErrors = {};
      const unmatched: string[] = [];
      for (const fieldError of error.errors) {
        const { path } = fieldError;
        const text = fieldErrorText(fieldError, t, namespace);
        const root = path.split('.')[0] ?? '';
        if (path && fields.has(root)) {
          if (!(path in fieldErrors)) fieldErrors[path] = text;
        } else {
          unmatched.push(text);
        }
      }
      if (Object.keys(fieldErrors).length > 0) {
        setErrors(fieldErrors);
        focusFirstError(fieldErrors);
      }
      return unmatched;
    },
    [getValues, setErrors, t, namespace, focusFirstError],
  );

  return Object.assign(form, { submit, applyServerErrors });
}
