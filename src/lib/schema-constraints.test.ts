import { describe, expect, it } from 'vitest';
import { bankDetailShape } from '../../contract/bank-details.ts';
import { designShape } from '../../contract/designs.ts';
import { email } from '../../contract/sign-in.ts';
import { userShape } from '../../contract/users.ts';
import { merchantShape } from '../../contract/merchants.ts';
import { workerShape } from '../../contract/workers.ts';
import { fieldConstraints } from './schema-constraints';

describe('fieldConstraints', () => {
  it('reads required and maxLength through trims, nulls and transforms', () => {
    expect(fieldConstraints(designShape.name)).toEqual({ required: true, maxLength: 120 });
    expect(fieldConstraints(designShape.designCode)).toEqual({ required: true, maxLength: 40 });
    expect(fieldConstraints(designShape.description)).toEqual({ required: false, maxLength: 1000 });
    expect(fieldConstraints(merchantShape.phone)).toEqual({ required: false, maxLength: 20 });
    expect(fieldConstraints(merchantShape.email)).toEqual({ required: false, maxLength: 254 });
    expect(fieldConstraints(bankDetailShape.ifscCode)).toMatchObject({ required: true });
    expect(fieldConstraints(workerShape.joiningDate)).toEqual({ required: true });
    expect(fieldConstraints(designShape.rate)).toEqual({ required: false });
  });

  it('reads them from a zod/mini schema too, such as the email every account form shares', () => {
    expect(fieldConstraints(email)).toEqual({ required: true, maxLength: 254 });
    expect(fieldConstraints(userShape.email)).toEqual({ required: true, maxLength: 254 });
  });
});
