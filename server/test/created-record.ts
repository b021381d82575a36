import { expect } from 'vitest';
import { z } from 'zod';
import { envelope } from '../../contract/common.ts';
import type { TestApp, TestUser } from './test-app.ts';

/** Creates a record as `user` through `POST url`, expecting 201, and returns it as `schema` reads it. */
export async function createdRecord<RecordSchema extends z.ZodType>(
  t: TestApp,
  user: TestUser,
  url: string,
  schema: RecordSchema,
  payload: unknown,
): Promise<z.output<RecordSchema>> {
  const response = await t.send(user, 'POST', url, payload);
  expect(response.statusCode, response.body).toBe(201);
  const { data } = envelope(z.unknown()).parse(response.json());
  return schema.parse(data);
}
