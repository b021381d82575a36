import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { expect } from 'vitest';
import { organizations } from '../../db/platform-tables.ts';
import type { TestApp, TestUser } from '../../test/test-app.ts';
import { designs } from '../designs/schema.ts';
import { merchants } from '../merchants/schema.ts';

/* What the tests of bills, their notes, payments and dues set up the same way. */

export const GUJARAT = '24';
export const MAHARASHTRA = '27';

/** A refusal as the money routes send it. */
export interface ErrorBody {
  success: false;
  code: string;
  message: string;
  errors?: { path: string; code: string; params?: Record<string, unknown> }[];
}

/** An owner, an admin and a staff member of one organization, and the owner of another. */
export async function signUpRoles(t: TestApp) {
  const owner = await t.registerUser();
  const admin = await t.addUser(owner, 'admin');
  const staff = await t.addUser(owner, 'staff');
  const stranger = await t.registerUser();
  return { owner, admin, staff, stranger };
}

/** `signUpRoles`, then the test's own setup for the owner's organization and the stranger's. */
export async function signUpRolesWith<Setup>(
  t: TestApp,
  setUp: (user: TestUser) => Promise<Setup>,
) {
  const roles = await signUpRoles(t);
  return { ...roles, mine: await setUp(roles.owner), theirs: await setUp(roles.stranger) };
}

/** A merchant of the state; one in Maharashtra is registered for GST there. */
export async function createStateMerchant(
  t: TestApp,
  user: TestUser,
  merchant: { name: string; state: string | null; address?: string },
) {
  const id = uuidv7();
  await t.database.handle.db.insert(merchants).values({
    organizationId: user.auth.organization._id,
    id,
    ...merchant,
    gstin: merchant.state === MAHARASHTRA ? '27AAPFU0939F1ZV' : null,
  });
  return id;
}

let designSequence = 0;
/** A design at 10 a piece, its name and code numbered apart from every other. */
export async function createDesign(
  t: TestApp,
  user: TestUser,
  label: { name: string; code: string },
) {
  designSequence += 1;
  const id = uuidv7();
  await t.database.handle.db.insert(designs).values({
    organizationId: user.auth.organization._id,
    id,
    name: `${label.name} ${designSequence}`,
    designCode: `${label.code}-${designSequence}`,
    rate: 10,
  });
  return id;
}

export interface BillingFixture {
  localMerchant: string;
  outOfStateMerchant: string;
  design: string;
}

/**
 * The organization made a Gujarat seller taxing at 5 % under SAC 998821 (with the test's own
 * `settings` on top), with a merchant in Gujarat, one in Maharashtra and a design.
 */
export async function billingFixture(
  t: TestApp,
  user: TestUser,
  options: {
    settings: Partial<typeof organizations.$inferInsert>;
    localName: string;
    address?: string;
    design: { name: string; code: string };
  },
): Promise<BillingFixture> {
  await t.database.handle.db
    .update(organizations)
    .set({ state: GUJARAT, defaultSac: '998821', defaultGstRate: 5, ...options.settings })
    .where(eq(organizations.id, user.auth.organization._id));
  const merchant = (name: string, state: string) =>
    createStateMerchant(t, user, { name, state, address: options.address });
  return {
    localMerchant: await merchant(options.localName, GUJARAT),
    outOfStateMerchant: await merchant('Mumbai Mills', MAHARASHTRA),
    design: await createDesign(t, user, options.design),
  };
}

const ORDER_PATH = ['in_progress', 'completed', 'delivered'] as const;
export type OrderTarget = 'pending' | (typeof ORDER_PATH)[number];

/** Moves a new order through the API up to `target`, forcing the completion. */
export async function moveOrder(t: TestApp, user: TestUser, orderId: string, target: OrderTarget) {
  const steps = target === 'pending' ? [] : ORDER_PATH.slice(0, ORDER_PATH.indexOf(target) + 1);
  for (const status of steps) {
    const moved = await t.send(user, 'PUT', `/api/orders/${orderId}/status`, {
      status,
      ...(status === 'completed' ? { force: true } : {}),
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
}
