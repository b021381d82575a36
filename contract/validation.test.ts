import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeIssue, fieldMessageKey, validationErrorMap } from './validation.ts';

describe('a choice left empty', () => {
  const method = z.object({ method: z.enum(['cash', 'bank_transfer', 'upi', 'cheque']) });
  const issueOf = (value: unknown) => {
    const error = method.safeParse({ method: value }, { error: validationErrorMap }).error;
    const issue = error?.issues[0];
    if (!issue) throw new Error('expected an issue');
    return describeIssue(issue);
  };

  it('is a missing field, not a list of the values the server knows', () => {
    for (const empty of ['', null, undefined]) {
      const { code, params } = issueOf(empty);
      expect(fieldMessageKey(code, params)).toBe('required');
    }
  });

  it('still names a value that is not one of the choices', () => {
    const { code, params } = issueOf('barter');
    expect(code).toBe('invalid_value');
    expect(fieldMessageKey(code, params)).toBe('invalid_value');
  });
});
