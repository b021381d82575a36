import { readdirSync } from 'node:fs';
/// <reference types="vite/client" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { confirmSignUpBody, loginBody, registerBody } from '../../contract/auth.ts';
import { casesOf, createdId, type AreaTestCases } from '../test/area-test-cases.ts';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app.ts';

/**
 * Every string a client can write, found by walking the contract's write schemas, gets hostile
 * text: NUL, another C0 control, an unpaired surrogate and (required names) zero-width-only text.
 * Each must be a 400 naming the field, never a 5xx, so a field added later is covered as well.
 */

interface Def {
  type: string;
  innerType?: Inspectable;
  in?: Inspectable;
  out?: Inspectable;
  shape?: Record<string, Inspectable>;
  element?: Inspectable;
  format?: string;
  checks?: { _zod: { def: { check: string; minimum?: unknown } } }[];
}
interface Inspectable {
  _zod: { def: Def };
}

/** A string's least length from its checks, for zod and zod/mini (the login body) alike. */
const minLength = (schema: Inspectable) =>
  Math.max(
    0,
    ...(schema._zod.def.checks ?? [])
      .map((check) => check._zod.def)
      .flatMap((def) =>
        def.check === 'min_length' && typeof def.minimum === 'number' ? [def.minimum] : [],
      ),
  );

interface StringField {
  path: (string | number)[];
  /** uuid, date, ...: a formatted value rather than free text. */
  format: string | undefined;
  required: boolean;
}

/** The schema under optional/nullable/default wrappers, preprocessors and transforms. */
function unwrap(schema: Inspectable): { inner: Inspectable; optional: boolean } {
  let current = schema;
  let optional = false;
  for (let depth = 0; depth < 20; depth += 1) {
    const { def } = current._zod;
    if (def.type === 'optional' || def.type === 'nullable') optional = true;
    if (def.innerType) current = def.innerType;
    else if (def.type === 'pipe' && def.in && def.out) {
      current = def.in._zod.def.type === 'transform' ? def.out : def.in;
    } else break;
  }
  return { inner: current, optional };
}

function stringFields(schema: z.core.$ZodType): StringField[] {
  const found: StringField[] = [];
  const walk = (node: Inspectable, path: (string | number)[], optional: boolean) => {
    const { inner, optional: innerOptional } = unwrap(node);
    const { def } = inner._zod;
    if (def.type === 'object' && def.shape) {
      for (const [key, child] of Object.entries(def.shape))
        walk(child, [...path, key], optional || innerOptional);
    } else if (def.type === 'array' && def.element) {
      walk(def.element, [...path, 0], optional || innerOptional);
    } else if (def.type === 'string') {
      found.push({
        path,
        format: def.format,
        required: !optional && !innerOptional && minLength(inner) >= 1,
      });
    }
  };
  walk(schema, [], false);
  return found;
}

function withValueAt(body: Record<string, unknown>, path: (string | number)[], value: unknown) {
  const copy = structuredClone(body);
  let target: Record<string | number, unknown> = copy;
  for (const key of path.slice(0, -1)) target = target[key] as Record<string | number, unknown>;
  target[path[path.length - 1]!] = value;
  return copy;
}

/** A part of a body holding just `path`, for a PUT: the top-level key with its valid value. */
function partialAt(body: Record<string, unknown>, path: (string | number)[], value: unknown) {
  const top = path[0] as string;
  return withValueAt({ [top]: body[top] }, path, value);
}

const HOSTILE = {
  nul: { value: 'Surat\u0000Silk', code: 'invalid_format' },
  control: { value: 'Surat\u0007Silk', code: 'invalid_format' },
  surrogate: { value: 'Surat\ud800Silk', code: 'invalid_format' },
};
const INVISIBLE_ONLY = '\u200b\u200c\u200d\u2060\ufeff';

let t: TestApp;
let owner: TestUser;

/** Each module's `textInputCase` from its `test-cases.ts`, named by its path. */
const resources = casesOf(
  import.meta.glob<AreaTestCases>('../modules/*/test-cases.ts', { eager: true }),
  'textInputCase',
).map(([, resource]) => [resource.path.replace('/api/', ''), resource] as const);

function sendJson(method: 'POST' | 'PUT', url: string, payload: unknown, user: TestUser | null) {
  // JSON.stringify writes an unpaired surrogate as a `\ud800` escape, which is how it arrives.
  return t.app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', ...(user?.bearer ?? {}) },
    payload: JSON.stringify(payload),
  });
}

function expectFieldError(
  response: { statusCode: number; body: string; json(): unknown },
  path: string,
  code: string | undefined,
) {
  expect(response.statusCode, `${path}: ${response.body}`).toBe(400);
  const errors = (response.json() as { errors?: { path: string; code: string }[] }).errors ?? [];
  const error = errors.find((entry) => entry.path === path);
  expect(error, `${path}: ${response.body}`).toBeDefined();
  if (code) expect(error?.code, `${path}: ${response.body}`).toBe(code);
}

/** Sends `payload` and expects the field at `path` refused (with `code`, unless undefined). */
async function expectRefused(
  method: 'POST' | 'PUT',
  url: string,
  payload: unknown,
  user: TestUser | null,
  refusal: { path: string; code: string | undefined },
) {
  expectFieldError(await sendJson(method, url, payload, user), refusal.path, refusal.code);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.registerUser();
});
afterAll(() => t.close());

/**
 * Create bodies not walked here yet (a note's text is checked in notes.test.ts). Every other
 * contract file's create body, a new area's included, needs its module's `textInputCase`.
 */
const NOT_WALKED = new Set(['billCreate', 'billNoteCreate', 'noteCreate', 'userCreate']);

it('covers every resource the contract defines a create body for', async () => {
  // Read from the folder rather than with import.meta.glob: knip counts every export of a globbed
  // module as used, and would stop reporting the contract's unused exports.
  const contractFolder = new URL('../../contract/', import.meta.url);
  const contractModules = await Promise.all(
    readdirSync(contractFolder)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .map(
        (file) => import(new URL(file, contractFolder).href) as Promise<Record<string, unknown>>,
      ),
  );
  const createSchemas = contractModules.flatMap((module) =>
    Object.entries(module).filter(([name]) => name.endsWith('Create') && !NOT_WALKED.has(name)),
  );
  expect(createSchemas.length).toBeGreaterThan(5);
  const covered = resources.map(([, resource]) => resource.schemas[0]);
  for (const [name, schema] of createSchemas) expect(covered, name).toContain(schema);
});

describe.each(resources)('%s', (_name, resource) => {
  let body: Record<string, unknown>;
  let recordUrl: string;

  beforeAll(async () => {
    body = await resource.body(t, owner);
    recordUrl = `${resource.path}/${await createdId(t, owner, resource.path, body)}`;
  });

  const fields = stringFields(resource.schemas[0]);

  it('has string fields to check', () => {
    expect(fields.length).toBeGreaterThan(0);
  });

  it.each(fields.map((field) => [field.path.join('.'), field] as const))(
    'refuses hostile text in %s on create and update',
    async (path, field) => {
      for (const { value, code } of Object.values(HOSTILE)) {
        const expected = field.format ? undefined : code;
        await expectRefused('POST', resource.path, withValueAt(body, field.path, value), owner, {
          path,
          code: expected,
        });
        await expectRefused('PUT', recordUrl, partialAt(body, field.path, value), owner, {
          path,
          code: expected,
        });
      }
      if (field.required && !field.format) {
        const blank = withValueAt(body, field.path, INVISIBLE_ONLY);
        await expectRefused('POST', resource.path, blank, owner, { path, code: 'required' });
        const blankUpdate = partialAt(body, field.path, INVISIBLE_ONLY);
        await expectRefused('PUT', recordUrl, blankUpdate, owner, { path, code: 'required' });
      }
    },
  );

  it('answers a NUL in any list filter with 400, not a database error', async () => {
    const { inner } = unwrap(resource.schemas[2]);
    const keys = Object.keys(inner._zod.def.shape ?? {});
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) {
      const response = await t.send(owner, 'GET', `${resource.path}?${key}=a%00b`);
      expectFieldError(response, key, undefined);
    }
  });
});

describe.each([
  ['/api/auth/register', registerBody],
  ['/api/auth/login', loginBody],
  ['/api/auth/register/confirm', confirmSignUpBody],
] as const)('%s', (url, schema) => {
  const valid = {
    organizationName: 'Surat Silk',
    name: 'Mehul',
    email: 'mehul@example.com',
    password: 'correct horse battery',
    code: 'ABCDE-FGHJK',
  };
  const fields = stringFields(schema);

  it.each(fields.map((field) => [field.path.join('.'), field] as const))(
    'refuses hostile text in %s',
    async (path, field) => {
      const base = Object.fromEntries(
        Object.entries(valid).filter(([key]) => fields.some((entry) => entry.path[0] === key)),
      );
      for (const { value, code } of Object.values(HOSTILE)) {
        await expectRefused('POST', url, withValueAt(base, field.path, value), null, {
          path,
          code,
        });
      }
      if (field.required && path !== 'password' && path !== 'email') {
        const blank = withValueAt(base, field.path, INVISIBLE_ONLY);
        await expectRefused('POST', url, blank, null, { path, code: 'required' });
      }
    },
  );
});
