import { describe, expect, it } from 'vitest';
import { readBackupHeader } from './backup-header';

const file = (text: string) => new File([text], 'karkhana-backup.json');

describe('readBackupHeader', () => {
  it('reads the format and date from the start of a downloaded backup', async () => {
    const rows = Array.from({ length: 2000 }, (_, index) => `{"id":${index}}`).join(',');
    const downloaded = file(
      `{"format":"karkhana-backup","version":1,"exportedAt":"2026-11-20T10:00:00.000Z",` +
        `"organization":{"name":"Asha"},"tables":{"orders":[${rows}`,
    );
    // Cut off after the header: only the start is read.
    expect(await readBackupHeader(downloaded)).toEqual({ exportedAt: '2026-11-20T10:00:00.000Z' });
  });

  it('reads a file rewritten with its keys in another order whole', async () => {
    const rewritten = file(
      JSON.stringify(
        { tables: {}, exportedAt: '2026-01-02T00:00:00Z', format: 'karkhana-backup' },
        null,
        2,
      ),
    );
    expect(await readBackupHeader(rewritten)).toEqual({ exportedAt: '2026-01-02T00:00:00Z' });
  });

  it('refuses another format, another JSON document and a file that is not JSON', async () => {
    expect(await readBackupHeader(file('{"format":"other-app","exportedAt":"x"}'))).toBeNull();
    expect(await readBackupHeader(file('{"hello":"world"}'))).toBeNull();
    await expect(readBackupHeader(file('PO number,Merchant\n1,Asha'))).rejects.toThrow();
  });
});
