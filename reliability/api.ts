// HTTP helpers and the records every scenario starts from: a registered owner and a record of each
// resource, with bodies the API accepts.
import { randomUUID } from 'node:crypto';

export interface Reply {
  /** 0 when no HTTP answer came (connection refused or reset, timeout). */
  status: number;
  text: string;
  json: unknown;
  error?: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** Sent as is instead of JSON.stringify(body). */
  rawBody?: string | Buffer;
  contentType?: string | null;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export async function call(
  baseUrl: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Reply> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | Buffer | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined && options.contentType !== null)
    headers['content-type'] = options.contentType ?? 'application/json';
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body,
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const text = await response.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // Left undefined: the envelope check reports a body that is not JSON.
    }
    return { status: response.status, text, json };
  } catch (error) {
    return {
      status: 0,
      text: '',
      json: undefined,
      // fetch's own message is only "fetch failed"; the reason is its cause.
      error:
        error instanceof Error
          ? `${error.name}: ${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}`
          : String(error),
    };
  }
}

export type Json = Record<string, unknown>;

export const dataOf = (reply: Reply): Json => {
  const envelope = reply.json as { data?: unknown } | undefined;
  return (envelope?.data ?? {}) as Json;
};

export const codeOf = (reply: Reply): string | undefined => {
  const envelope = reply.json as { code?: unknown } | undefined;
  return typeof envelope?.code === 'string' ? envelope.code : undefined;
};

/** A failure answer carries `{ success: false, code, message }`. */
export function hasErrorEnvelope(reply: Reply): boolean {
  const envelope = reply.json as { success?: unknown; code?: unknown } | undefined;
  return (
    typeof envelope === 'object' &&
    envelope !== null &&
    envelope.success === false &&
    typeof envelope.code === 'string' &&
    envelope.code.length > 0
  );
}

export const is2xx = (status: number) => status >= 200 && status < 300;

export interface Account {
  token: string;
  organizationId: string;
  email: string;
  password: string;
}

export async function register(baseUrl: string, label: string): Promise<Account> {
  const email = `${label}-${randomUUID().slice(0, 8)}@reliability.test`;
  const password = 'reliability-password';
  const reply = await call(baseUrl, 'POST', '/api/auth/register', {
    body: { organizationName: `Org ${label}`, name: `Owner ${label}`, email, password },
  });
  if (reply.status !== 201) throw new Error(`register ${label}: ${reply.status} ${reply.text}`);
  const data = dataOf(reply) as {
    token: { accessToken: string };
    organization: { _id: string };
  };
  return { token: data.token.accessToken, organizationId: data.organization._id, email, password };
}

export async function login(baseUrl: string, account: Account): Promise<string> {
  const reply = await call(baseUrl, 'POST', '/api/auth/login', {
    body: { email: account.email, password: account.password },
  });
  if (reply.status !== 200) throw new Error(`login: ${reply.status} ${reply.text}`);
  return (dataOf(reply) as { token: { accessToken: string } }).token.accessToken;
}

/** Resources in the order their records can be created (references first). */
export const RESOURCES = [
  'merchants',
  'designs',
  'bank-details',
  'workers',
  'expenses',
  'orders',
  'worker-salaries',
  'users',
  'bills',
  'bill-notes',
  'payments',
] as const;

export type Ids = Record<string, string[]>;

/** Which resource an id-bearing field or query parameter points into. */
export function resourceOfField(field: string): string | null {
  const known: Record<string, string> = {
    merchantId: 'merchants',
    designId: 'designs',
    workerId: 'workers',
    orderId: 'orders',
    billId: 'bills',
    paymentId: 'payments',
    userId: 'users',
    bankDetailId: 'bank-details',
    expenseId: 'expenses',
  };
  if (known[field]) return known[field];
  const match = /^([a-z][A-Za-z]*)Id$/.exec(field);
  return match?.[1] ? `${match[1].replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}s` : null;
}

let serial = 0;

/** A body the API accepts for a new record of the resource; `marker` goes into its text fields. */
export function validBody(resource: string, ids: Ids, marker: string): Json | null {
  serial += 1;
  const unique = `${marker}-${serial}`;
  const first = (name: string) => ids[name]?.[0];
  switch (resource) {
    case 'merchants':
      return {
        name: `Merchant ${unique}`,
        contactPerson: 'Ramesh',
        phone: '+91 98250 00000',
        email: 'buyer@example.com',
        address: 'Ring Road',
        city: 'Surat',
        notes: `notes ${unique}`,
      };
    case 'designs':
      return {
        name: `Design ${unique}`,
        designCode: `D${serial}-${marker}`.slice(0, 40),
        description: `description ${unique}`,
        rate: 125.5,
      };
    case 'bank-details':
      return {
        bankName: `Bank ${unique}`,
        accountHolderName: 'Owner',
        accountNumber: String(10_000_000 + serial),
        ifscCode: 'HDFC0001234',
        branch: 'Varachha',
        isActive: false,
      };
    case 'workers':
      return {
        name: `Worker ${unique}`,
        phone: '9825000000',
        address: 'Udhna',
        designation: 'Karigar',
        joiningDate: '2024-04-01',
        isActive: true,
        salaryType: 'monthly',
        baseSalary: 15000,
      };
    case 'expenses':
      return {
        category: `Power ${marker}`.slice(0, 60),
        amount: 1234.5,
        expenseDate: '2025-03-10',
        description: `description ${unique}`,
        paymentMethod: 'cash',
      };
    case 'orders':
      if (!first('merchants') || !first('designs')) return null;
      return {
        merchantId: first('merchants'),
        poNumber: `PO-${serial}-${marker}`.slice(0, 40),
        orderDate: '2025-03-01',
        deliveryDate: '2025-03-20',
        isPaid: false,
        notes: `notes ${unique}`,
        designs: [{ designId: first('designs'), quantity: 3, rate: 99.99 }],
      };
    case 'worker-salaries':
      if (!first('workers')) return null;
      return {
        workerId: first('workers'),
        paymentType: 'salary',
        paymentMethod: 'cash',
        month: 2,
        year: 2025,
        paymentDate: '2025-03-01',
        amount: 15000,
        notes: `notes ${unique}`,
      };
    case 'users':
      return {
        name: `User ${unique}`,
        email: `user-${serial}-${marker}@reliability.test`.toLowerCase(),
        phone: '9825011111',
        role: 'staff',
        password: 'temporary-password',
      };
    case 'bills':
      // Made by createRecords from an order it completes first; as a body for other calls it is
      // only ever refused.
      if (!first('merchants') || !first('orders')) return null;
      return {
        merchantId: first('merchants'),
        orderIds: [first('orders')],
        billDate: '2025-03-25',
      };
    case 'bill-notes':
      // A rupee off the first bill's taxable value, so both notes fit under it.
      if (!first('bills')) return null;
      return {
        billId: first('bills'),
        kind: 'credit',
        noteDate: '2025-03-26',
        reason: 'post_sale_discount',
        taxableAmount: 1,
        notes: `notes ${unique}`,
      };
    case 'payments':
      // A paisa on the first bill and the rest left as an advance, so any number of these fit.
      if (!first('merchants')) return null;
      return {
        merchantId: first('merchants'),
        paymentDate: '2025-03-30',
        amount: 1500,
        method: 'bank_transfer',
        reference: `UTR${serial}`,
        tdsAmount: 15,
        notes: `notes ${unique}`,
        ...(first('bills') ? { allocations: [{ billId: first('bills'), amount: 0.01 }] } : {}),
      };
    default:
      return null;
  }
}

/** A bill needs a finished order of its own: one is created and moved to completed first. */
async function createBill(baseUrl: string, token: string, ids: Ids, marker: string) {
  const order = await call(baseUrl, 'POST', '/api/orders', {
    token,
    body: validBody('orders', ids, marker),
  });
  if (order.status !== 201)
    throw new Error(`create order for a bill: ${order.status} ${order.text}`);
  const orderId = String(dataOf(order)._id);
  for (const status of ['in_progress', 'completed']) {
    const moved = await call(baseUrl, 'PUT', `/api/orders/${orderId}/status`, {
      token,
      // Its job cards are not worked through: completing goes past them.
      body: status === 'completed' ? { status, force: true } : { status },
    });
    if (moved.status !== 200) throw new Error(`order to ${status}: ${moved.status} ${moved.text}`);
  }
  return call(baseUrl, 'POST', '/api/bills', {
    token,
    body: {
      merchantId: ids.merchants?.[0],
      orderIds: [orderId],
      billDate: '2025-03-25',
      placeOfSupply: '24',
      notes: `notes ${marker}`,
    },
  });
}

/** Creates `perResource` records of every resource; fails loudly when the API refuses one. */
export async function createRecords(
  baseUrl: string,
  token: string,
  marker: string,
  perResource: number,
): Promise<Ids> {
  const ids: Ids = {};
  for (const resource of RESOURCES) {
    ids[resource] = [];
    for (let index = 0; index < perResource; index += 1) {
      const body = validBody(resource, ids, marker);
      if (!body) break;
      const reply =
        resource === 'bills'
          ? await createBill(baseUrl, token, ids, marker)
          : await call(baseUrl, 'POST', `/api/${resource}`, { token, body });
      if (reply.status !== 201)
        throw new Error(`create ${resource}: ${reply.status} ${reply.text.slice(0, 500)}`);
      ids[resource].push(String(dataOf(reply)._id));
    }
  }
  await createFloorRecords(baseUrl, token, ids, marker);
  return ids;
}

/**
 * Job cards come from an order, production entries from a card, and notes sit on an order, so
 * they are made after the resources above rather than from a body of their own.
 */
async function createFloorRecords(baseUrl: string, token: string, ids: Ids, marker: string) {
  const orderId = ids.orders?.find((id) => id !== undefined);
  const workerId = ids.workers?.[0];
  if (!orderId || !workerId) return;
  const made = await call(baseUrl, 'POST', `/api/job-cards/from-order/${orderId}`, { token });
  if (made.status !== 200 && made.status !== 201)
    throw new Error(`make job cards: ${made.status} ${made.text.slice(0, 500)}`);
  const cards = (dataOf(made) as unknown as { data: { _id: string }[] }).data;
  ids['job-cards'] = cards.map((card) => card._id);
  const cardId = cards[0]?._id;
  ids['production-entries'] = [];
  if (cardId) {
    const entry = await call(baseUrl, 'POST', '/api/production-entries', {
      token,
      body: {
        workerId,
        jobCardId: cardId,
        workDate: '2025-03-20',
        piecesDone: 1,
        notes: `entry ${marker}`,
      },
    });
    if (entry.status !== 201)
      throw new Error(`log work: ${entry.status} ${entry.text.slice(0, 500)}`);
    ids['production-entries'].push(String(dataOf(entry)._id));
  }
  const note = await call(baseUrl, 'POST', '/api/notes', {
    token,
    body: { subjectType: 'order', subjectId: orderId, body: `note ${marker}` },
  });
  if (note.status !== 201)
    throw new Error(`write a note: ${note.status} ${note.text.slice(0, 500)}`);
  ids.notes = [String(dataOf(note)._id)];
}
