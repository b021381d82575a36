import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { UnusableFile, useChosenFile } from './use-chosen-file';

const csv = new File(['a,b'], 'rows.csv', { type: 'text/csv' });

async function choose(read: (file: File) => Promise<string>, file: File | null = csv) {
  const onChoose = vi.fn();
  const hook = renderHook(() => useChosenFile(read, 'Could not read the file', onChoose));
  await act(async () => {
    hook.result.current.fieldProps.onChange(file);
    await Promise.resolve();
  });
  return { hook, onChoose };
}

describe('useChosenFile', () => {
  it('keeps what a readable file gave, and shows the file in the picker', async () => {
    const { hook, onChoose } = await choose((file) => Promise.resolve(file.name));
    expect(hook.result.current.content).toBe('rows.csv');
    expect(hook.result.current.error).toBeNull();
    expect(hook.result.current.fieldProps.value).toBe(csv);
    expect(onChoose).toHaveBeenCalledOnce();
  });

  it.each([
    [
      'an unusable file gives its own reason',
      new UnusableFile('The file has no rows.'),
      'The file has no rows.',
    ],
    [
      'an unreadable file gives the general reason',
      new Error('bad zip'),
      'Could not read the file',
    ],
  ])('%s', async (_case, thrown, shown) => {
    const { hook } = await choose(() => Promise.reject(thrown));
    expect(hook.result.current.content).toBeNull();
    expect(hook.result.current.error).toBe(shown);
  });

  it('drops what the last file gave when the picker is cleared', async () => {
    const { hook } = await choose((file) => Promise.resolve(file.name));
    await act(async () => {
      hook.result.current.fieldProps.onChange(null);
      await Promise.resolve();
    });
    expect(hook.result.current.content).toBeNull();
    expect(hook.result.current.fieldProps.value).toBeNull();
  });
});
