import { expect } from 'vitest';
import type { z } from 'zod';
import type { AuditEntity } from '../../contract/audit.ts';
import type { RouteAccess } from '../../contract/permissions.ts';
import type { TestApp, TestBody, TestUser } from './test-app.ts';

/*
 * What a module's `test-cases.ts` gives the shared checks: server/permissions.test.ts,
 * server/lib/crud-resources.test.ts and server/lib/text-input.test.ts collect every folder's file
 * with import.meta.glob, so a new area adds its entries in its own folder and edits none of them.
 */

/**
 * The module's documented operations with what contract/permissions.ts grants each, written out
 * rather than read from the routes, so a route declaring the wrong permission fails.
 */
export type RouteAccessRows = Record<string, RouteAccess>;

/** The n-th valid create body. */
export type BodyOf = (n: number) => Record<string, unknown>;

/** An area on the generic CRUD routes (`crudModule`), for the shared CRUD checks. */
export interface CrudCase {
  path: string;
  record: z.ZodType<{
    _id: string;
    organizationId: string;
    version: number;
    createdAt: string;
    updatedAt: string;
  }>;
  /** The record as the English messages name it: `<noun> created successfully`, `<noun> not found`. */
  noun: string;
  pickList: boolean;
  /** Creates what a record refers to for `user`, then gives the n-th valid create body. */
  prepare(t: TestApp, user: TestUser): BodyOf | Promise<BodyOf>;
  /** A partial update; every field it does not name stays as it was. */
  change: Record<string, unknown>;
  /** Fields the server itself sets on every update, besides `updatedAt`. */
  stamps?: string[];
  /** The order of a list without `sort`, when it is not newest first. */
  defaultSort?: string;
  /** A field the create body cannot leave out. */
  requiredField: string;
  /** What the audit trail calls a record of this resource. */
  entity: AuditEntity;
  /** A field the trail shows on create, when it is not `requiredField` under the same name. */
  auditedField?: string;
}

/** A resource a client writes text to, for the hostile-text checks. */
export interface TextInputCase {
  path: string;
  /** The contract's write schemas and list query, whose string fields get the hostile text. */
  schemas: [create: z.ZodType, update: z.ZodType, listQuery: z.ZodType];
  /** One valid create body, creating what it refers to for `user` first. */
  body(t: TestApp, user: TestUser): Promise<Record<string, unknown>>;
}

/** Everything a `server/modules/<module>/test-cases.ts` may export. */
export interface AreaTestCases {
  routeAccess?: RouteAccessRows;
  crudCase?: CrudCase;
  textInputCase?: TextInputCase;
}

/**
 * The folders' entries of one kind, named by module folder, in folder order. `modules` is what
 * `import.meta.glob('…/modules/*\/test-cases.ts', { eager: true })` gives.
 */
export function casesOf<K extends keyof AreaTestCases>(
  modules: Record<string, AreaTestCases>,
  kind: K,
): [string, NonNullable<AreaTestCases[K]>][] {
  return Object.entries(modules)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([file, cases]) => {
      const entry = cases[kind];
      return entry ? [[/modules\/([^/]+)\//.exec(file)![1]!, entry]] : [];
    });
}

/** Posts `payload` as `user`, expects it created and gives its id: for what a case refers to. */
export async function createdId(
  t: TestApp,
  user: TestUser,
  path: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const response = await t.send(user, 'POST', path, payload);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<TestBody>().data._id;
}
