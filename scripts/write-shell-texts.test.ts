import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { commonFile, shellTextLanguages, shellTextsSource } from './write-shell-texts.ts';

describe("the shell's texts in common.json", () => {
  it('exist in the three languages', () => {
    expect(shellTextLanguages()).toEqual(['en', 'gu', 'hi']);
  });

  it.each(shellTextLanguages())(
    '%s is the file `npm run generate` writes from the areas’ shell blocks',
    async (language) => {
      expect(readFileSync(commonFile(language), 'utf8'), 'run npm run generate').toBe(
        await shellTextsSource(language),
      );
    },
  );
});
