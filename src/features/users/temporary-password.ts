import { PASSWORD_MIN } from '../../../contract/auth.ts';

// Lower-case letters and digits without the ones read aloud or copied by hand wrongly
// (l/1, o/0, i/j), so the password survives being dictated or written on a slip of paper.
export const READABLE_ALPHABET = 'abcdefghkmnpqrstuvwxyz23456789';
const GROUPS = 3;
const GROUP_LENGTH = 4;

/**
 * A temporary password for the owner to hand over, e.g. `k7mp-2xqe-9dta`: three groups of four
 * random characters (about 59 bits), long enough for the server's minimum.
 */
export function generateTemporaryPassword(
  random: (values: Uint32Array<ArrayBuffer>) => Uint32Array = (values) =>
    crypto.getRandomValues(values),
): string {
  const values = random(new Uint32Array(GROUPS * GROUP_LENGTH));
  const characters = Array.from(
    values,
    (value) => READABLE_ALPHABET[value % READABLE_ALPHABET.length] ?? 'a',
  );
  const groups: string[] = [];
  for (let index = 0; index < GROUPS; index += 1) {
    groups.push(characters.slice(index * GROUP_LENGTH, (index + 1) * GROUP_LENGTH).join(''));
  }
  const password = groups.join('-');
  if (password.length < PASSWORD_MIN) throw new Error('Temporary password shorter than allowed');
  return password;
}
