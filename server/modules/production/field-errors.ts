import type { FieldErrorCode, FieldErrorParams } from '../../../contract/errors.ts';
import { englishFieldMessage } from '../../../contract/validation.ts';
import type { FieldError } from '../../lib/http-errors.ts';

/** A field error as the API reports it, with the English message its code and params give. */
export function fieldError(
  path: string,
  code: FieldErrorCode,
  params?: FieldErrorParams,
): FieldError {
  const message = englishFieldMessage(code, params);
  return params && Object.keys(params).length > 0
    ? { path, code, params, message }
    : { path, code, message };
}

export const notFoundField = (path: string) => fieldError(path, 'not_found');

/** More pieces than the card has left: `left` is what it can still take. */
export const piecesExceedQuantity = (path: string, left: number) =>
  fieldError(path, 'invalid_value', { rule: 'pieces_exceed_quantity', left });

/** New work goes only on cards of orders still in production. */
export const cardNotInProduction = (path: string) =>
  fieldError(path, 'invalid_value', { rule: 'card_not_in_production' });
