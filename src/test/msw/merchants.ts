import { http, type HttpHandler } from 'msw';
import { fieldErrorOf, validationErrorMap } from '../../../contract/validation.ts';
import { merchantCreate, merchantUpdate, type Merchant } from '../../../contract/merchants.ts';
import { fail, ok } from './envelope';
import { paginate, QueryError } from './paging';

export const TEST_ORGANIZATION_ID = '0190a1b2-0000-7000-8000-000000000001';

const CITIES = ['Surat', 'Ahmedabad', 'Vadodara', 'Rajkot', 'Mumbai', null] as const;
const NAMES = [
  'Shree Ganesh Textiles',
  'Patel Embroidery House',
  'Laxmi Sarees',
  'Ambika Fabrics',
  'Krishna Creations',
  'Om Sai Traders',
  'Jay Bhavani Silk Mills',
  'Radhe Fashion',
];

export function testId(n: number) {
  return `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`;
}

/** Deterministic merchants; the first is the newest, as the API's default order returns them. */
export function makeMerchants(count: number): Merchant[] {
  const base = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const n = count - index;
    const createdAt = new Date(base + n * 86_400_000).toISOString();
    return {
      _id: testId(n),
      organizationId: TEST_ORGANIZATION_ID,
      name: `${NAMES[(n - 1) % NAMES.length]}${n > NAMES.length ? ` ${Math.ceil(n / NAMES.length)}` : ''}`,
      contactPerson: n % 3 === 0 ? null : `Contact ${n}`,
      phone: n % 4 === 0 ? null : `+91 98250 ${String(10000 + n).slice(-5)}`,
      email: null,
      address: null,
      city: CITIES[n % CITIES.length] ?? null,
      gstin: n % 2 === 0 ? `24ABCDE${String(1000 + n).slice(-4)}F1Z5` : null,
      notes: null,
      createdAt,
      updatedAt: createdAt,
    };
  });
}

export interface RecordedRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export interface MerchantsFakeOptions {
  merchants?: Merchant[];
  /** Merchants that orders still reference: deleting them is 409. */
  referencedIds?: string[];
}

/**
 * An in-memory /api/merchants with the API's envelope, paging, filtering, sorting and validation,
 * for component tests. `requests` records every call; `failNext` makes the next call fail.
 */
export function createMerchantsFake(options: MerchantsFakeOptions = {}) {
  const merchants: Merchant[] = [...(options.merchants ?? makeMerchants(12))];
  const referenced = new Set(options.referencedIds ?? []);
  const requests: RecordedRequest[] = [];
  const failures: { status: number; message: string }[] = [];
  let sequence = 1000;

  async function record(request: Request) {
    let body: unknown;
    if (request.method !== 'GET' && request.method !== 'DELETE') {
      body = await request
        .clone()
        .json()
        .catch(() => undefined);
    }
    requests.push({
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body,
    });
    return body;
  }

  function takeFailure() {
    const failure = failures.shift();
    return failure ? fail(failure.status, failure.message) : undefined;
  }

  function validationFailure(issues: Parameters<typeof fieldErrorOf>[0][]) {
    return fail(400, 'Validation failed', issues.map(fieldErrorOf));
  }

  const handlers: HttpHandler[] = [
    http.get('*/api/merchants', async ({ request }) => {
      await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      try {
        const page = paginate(merchants, new URL(request.url).searchParams, {
          sortable: ['name', 'createdAt'],
          textFilters: { name: 'name' },
          defaultSort: '-createdAt',
        });
        return ok(page, 'Merchants fetched successfully');
      } catch (error) {
        if (error instanceof QueryError)
          return fail(400, 'Validation failed', [
            { path: error.path, code: 'invalid_value', message: error.message },
          ]);
        throw error;
      }
    }),
    http.get('*/api/merchants/all', async ({ request }) => {
      await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      const sorted = [...merchants].sort((a, b) => a.name.localeCompare(b.name));
      return ok({ data: sorted }, 'Merchants fetched successfully');
    }),
    http.get('*/api/merchants/:id', async ({ request, params }) => {
      await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      const merchant = merchants.find((m) => m._id === params.id);
      return merchant
        ? ok(merchant, 'Merchant fetched successfully')
        : fail(404, 'Merchant not found');
    }),
    http.post('*/api/merchants', async ({ request }) => {
      const body = await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      const parsed = merchantCreate.safeParse(body, { error: validationErrorMap });
      if (!parsed.success) return validationFailure(parsed.error.issues);
      const now = new Date().toISOString();
      const { organizationId: _organizationId, ...fields } = parsed.data;
      const merchant: Merchant = {
        _id: testId((sequence += 1)),
        organizationId: TEST_ORGANIZATION_ID,
        contactPerson: null,
        phone: null,
        email: null,
        address: null,
        city: null,
        gstin: null,
        notes: null,
        ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, value ?? null])),
        name: fields.name,
        createdAt: now,
        updatedAt: now,
      };
      merchants.unshift(merchant);
      return ok(merchant, 'Merchant created successfully', 201);
    }),
    http.put('*/api/merchants/:id', async ({ request, params }) => {
      const body = await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      const index = merchants.findIndex((m) => m._id === params.id);
      const current = merchants[index];
      if (!current) return fail(404, 'Merchant not found');
      const parsed = merchantUpdate.safeParse(body, { error: validationErrorMap });
      if (!parsed.success) return validationFailure(parsed.error.issues);
      const { organizationId: _organizationId, ...fields } = parsed.data;
      const changes = Object.fromEntries(
        Object.entries(fields).filter(([, value]) => value !== undefined),
      );
      const updated: Merchant = { ...current, ...changes, updatedAt: new Date().toISOString() };
      merchants[index] = updated;
      return ok(updated, 'Merchant updated successfully');
    }),
    http.delete('*/api/merchants/:id', async ({ request, params }) => {
      await record(request);
      const failure = takeFailure();
      if (failure) return failure;
      const index = merchants.findIndex((m) => m._id === params.id);
      if (index < 0) return fail(404, 'Merchant not found');
      if (referenced.has(String(params.id))) {
        return fail(409, 'Merchant is still referenced', undefined, 'still_referenced');
      }
      merchants.splice(index, 1);
      return ok({ _id: String(params.id) }, 'Merchant deleted successfully');
    }),
  ];

  return {
    handlers,
    merchants,
    requests,
    /** The next call (any method) answers with this status and message. */
    failNext(status: number, message: string) {
      failures.push({ status, message });
    },
    requestsOf(method: string) {
      return requests.filter((request) => request.method === method);
    },
  };
}

export type MerchantsFake = ReturnType<typeof createMerchantsFake>;
