import { act, renderHook } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { merchantCreate } from '../../contract/merchants.ts';
import { createTestWrapper } from '@/test/render';
import { ApiError } from './api-client';
import { useZodForm, zodFormErrors } from './use-zod-form';

const t = i18next.t.bind(i18next);

describe('zodFormErrors', () => {
  it('maps contract issues to translated messages keyed by field path', () => {
    expect(
      zodFormErrors(merchantCreate, { name: '   ', gstin: 'x', email: 'nope', phone: '' }, t),
    ).toEqual({
      name: 'This field is required',
      gstin: 'Enter a valid 15-character GSTIN',
      email: 'Enter a valid email address',
    });
    expect(zodFormErrors(merchantCreate, { name: 'Ok', gstin: '', email: '' }, t)).toEqual({});
  });
});

describe('server field errors', () => {
  it('are worded from their code and params in the interface language', () => {
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(
      () =>
        useZodForm<{ name: string; designCode: string }>({
          schema: merchantCreate,
          namespace: 'designs',
          initialValues: { name: '', designCode: '' },
        }),
      { wrapper },
    );
    i18next.addResourceBundle(
      'gu',
      'validation',
      { too_long: 'વધુમાં વધુ {{maximum}} અક્ષર' },
      true,
      true,
    );
    i18next.addResourceBundle(
      'gu',
      'designs',
      { fieldErrors: { designCode: { duplicate: 'આ કોડવાળી ડિઝાઇન પહેલેથી છે' } } },
      true,
      true,
    );
    const refusal = new ApiError('Validation failed', {
      status: 409,
      kind: 'http',
      code: 'duplicate',
      errors: [
        {
          path: 'name',
          code: 'too_long',
          params: { maximum: 120 },
          message: 'Must be at most 120 characters',
        },
        {
          path: 'designCode',
          code: 'duplicate',
          message: 'A design with this code already exists',
        },
      ],
    });
    act(() => void result.current.applyServerErrors(refusal));
    expect(result.current.errors).toEqual({
      name: 'Must be at most 120 characters',
      designCode: 'A design with this code already exists',
    });
    return i18next.changeLanguage('gu').then(() => {
      act(() => void result.current.applyServerErrors(refusal));
      expect(result.current.errors).toEqual({
        name: 'વધુમાં વધુ 120 અક્ષર',
        designCode: 'આ કોડવાળી ડિઝાઇન પહેલેથી છે',
      });
      return i18next.changeLanguage('en');
    });
  });
});

describe('useZodForm', () => {
  it('hands the parsed output to submit and puts server errors on fields', () => {
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(
      () =>
        useZodForm<{ name: string; email: string; gstin: string }>({
          schema: merchantCreate,
          initialValues: { name: ' Acme ', email: '', gstin: '24aaacn1234f1z5' },
        }),
      { wrapper },
    );
    let submitted: unknown;
    act(() => result.current.submit((output) => (submitted = output))());
    expect(submitted).toEqual({ name: 'Acme', email: null, gstin: '24AAACN1234F1Z5' });

    let leftovers: string[] = [];
    act(() => {
      leftovers = result.current.applyServerErrors(
        new ApiError('Validation failed', {
          status: 400,
          kind: 'http',
          errors: [
            {
              path: 'email',
              code: 'invalid_format',
              params: { format: 'email' },
              message: 'Enter a valid email address',
            },
            {
              path: 'designs.0.quantity',
              code: 'invalid_type',
              params: { expected: 'integer' },
              message: 'Must be a whole number',
            },
          ],
        }),
      );
    });
    expect(result.current.errors).toEqual({ email: 'Enter a valid email address' });
    expect(leftovers).toEqual(['Must be a whole number']);
    expect(result.current.applyServerErrors(new Error('x'))).toEqual([]);
  });

  it('blocks submit while the values are invalid', () => {
    const { wrapper } = createTestWrapper();
    const { result } = renderHook(
      () => useZodForm<{ name: string }>({ schema: merchantCreate, initialValues: { name: '' } }),
      { wrapper },
    );
    let called = false;
    act(() => result.current.submit(() => (called = true))());
    expect(called).toBe(false);
    expect(result.current.errors).toEqual({ name: 'This field is required' });
  });
});
