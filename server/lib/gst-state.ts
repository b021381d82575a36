import { stateOfGstin, type GstStateCode } from '../../contract/gst.ts';
import { fieldErrorOf } from '../../contract/validation.ts';
import { badRequest } from './http-errors.ts';

/** 400 on `gstin`: its first two digits name another state than the one given. */
const gstinStateMismatch = () =>
  badRequest('Validation failed', [
    fieldErrorOf({
      code: 'custom',
      path: ['gstin'],
      message: 'gstinState',
      input: undefined,
    }),
  ]);

/**
 * The GST state of a party with this GSTIN and state as they will be stored: a GSTIN decides the
 * state (its first two digits), so an empty state is taken from it and a different one is refused.
 */
export function stateWithGstin<State extends string>(
  gstin: string | null | undefined,
  state: State | null | undefined,
): State | GstStateCode | null {
  if (!gstin) return state ?? null;
  if (!state) return stateOfGstin(gstin);
  if (gstin.slice(0, 2) !== state) throw gstinStateMismatch();
  return state;
}
