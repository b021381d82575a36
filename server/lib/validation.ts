import type { FastifySchemaCompiler, FastifySerializerCompiler } from 'fastify';
import type { z } from 'zod';
import { fieldErrorOf, validationErrorMap } from '../../contract/validation.ts';
import type { FieldError } from './http-errors.ts';

const VALIDATION_FAILED_MESSAGE = 'Validation failed';

/** Raised by the validator compiler; the error handler turns it into a 400 with `errors[]`. */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  readonly errors: FieldError[];

  constructor(errors: FieldError[]) {
    super(VALIDATION_FAILED_MESSAGE);
    this.name = 'RequestValidationError';
    this.errors = errors;
  }
}

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.map((issue) => fieldErrorOf(issue));
}

/** Parses with the contract's field codes so that server and client report errors alike. */
export function parseOrThrow<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value, { error: validationErrorMap });
  if (!result.success) throw new RequestValidationError(fieldErrors(result.error));
  return result.data;
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data, { error: validationErrorMap });
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(fieldErrors(result.error)) };
  };

/**
 * Response schemas document the API (OpenAPI) and are checked by the tests; at run time the
 * handlers already build contract-shaped data, so responses are serialized without re-validation.
 */
export const jsonSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) =>
  JSON.stringify(data);
