import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import {
  describeIssue,
  validationKeyErrorMap,
  validationMessagesEn,
  type ValidationMessageKey,
} from '../../contract/validation.ts';
import { ApiError } from '@/lib/api-client';

/** Field errors for `values`, keyed by dotted path, in the interface language; first issue wins. */
export function zodFormErrors(schema: z.ZodType, values: unknown, t: TFunction): FormErrors {
  const result = schema.safeParse(values, { error: validationKeyErrorMap });
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    const { path, key, values: params } = describeIssue(issue);
    if (path in errors) continue;
    errors[path] = t(`validation:${key}`, params);
  }
  return errors;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// The server renders the same keys in English (validationMessagesEn); matching its text against
// those templates recovers the key and its values, so its field errors can be shown translated.
const englishTemplates = (
  Object.entries(validationMessagesEn) as [ValidationMessageKey, string][]
).map(([key, template]) => {
  const names: string[] = [];
  const pattern = escapeRegExp(template).replace(/\\\{\\\{(\w+)\\\}\\\}/g, (_, name: string) => {
    names.push(name);
    return '(.+?)';
  });
  return { key, names, regexp: new RegExp(`^${pattern}$`) };
});

export function translateServerFieldMessage(message: string, t: TFunction): string {
  for (const { key, names, regexp } of englishTemplates) {
    const match = regexp.exec(message);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    return t(`validation:${key}`, params);
  }
  return message;
}

export interface UseZodFormOptions<Values> {
  schema: z.ZodType;
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
  const { schema } = options;
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: options.initialValues,
    validate: (values) => zodFormErrors(schema, values, t),
    validateInputOnBlur: options.validateInputOnBlur ?? false,
  });

  const { onSubmit, setErrors, getValues } = form;

  const submit = useCallback(
    (onValid: (output: Output, values: Values) => void) =>
      onSubmit((values) => {
        const parsed = schema.safeParse(values, { error: validationKeyErrorMap });
        if (parsed.success) onValid(parsed.data as Output, values);
      }),
    [onSubmit, schema],
  );

  const applyServerErrors = useCallback(
    (error: unknown): string[] => {
      if (!(error instanceof ApiError) || error.errors.length === 0) return [];
      const fields = new Set(Object.keys(getValues()));
      const fieldErrors: FormErrors = {};
      const unmatched: string[] = [];
      for (const { path, message } of error.errors) {
        const root = path.split('.')[0] ?? '';
        if (path && fields.has(root)) {
          if (!(path in fieldErrors)) fieldErrors[path] = translateServerFieldMessage(message, t);
        } else {
          unmatched.push(translateServerFieldMessage(message, t));
        }
      }
      if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
      return unmatched;
    },
    [getValues, setErrors, t],
  );

  return Object.assign(form, { submit, applyServerErrors });
}
