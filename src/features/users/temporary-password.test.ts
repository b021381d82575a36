import { describe, expect, it } from 'vitest';
import { newPassword } from '../../../contract/auth.ts';
import { generateTemporaryPassword, READABLE_ALPHABET } from './temporary-password';

describe('generateTemporaryPassword', () => {
  it('makes three groups of four readable characters the contract accepts', () => {
    for (let round = 0; round < 50; round += 1) {
      const password = generateTemporaryPassword();
      expect(password).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      expect(password).not.toMatch(/[01ijlo]/);
      expect(newPassword.safeParse(password).success).toBe(true);
    }
  });

  it('draws every character from the random source', () => {
    const fixed = (values: Uint32Array) => values.map((_, index) => index);
    expect(generateTemporaryPassword(fixed)).toBe(
      `${READABLE_ALPHABET.slice(0, 4)}-${READABLE_ALPHABET.slice(4, 8)}-${READABLE_ALPHABET.slice(8, 12)}`,
    );
  });

  it('gives a different password each time', () => {
    const passwords = new Set(Array.from({ length: 20 }, () => generateTemporaryPassword()));
    expect(passwords.size).toBe(20);
  });
});
