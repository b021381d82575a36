import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendCsv, type ResolvedCsv } from './csv-export.ts';

const ROWS = 5000;

const csv: ResolvedCsv = {
  headers: ['Number', 'Buyer', 'Total'],
  cells: (record) => [String(record.number), String(record.buyer), { decimal: '1259.00' }],
  fileName: 'register',
};

/** Pages of rows that are ready at once, as a fast database gives them. */
async function* records() {
  for (let index = 0; index < ROWS; index += 1) {
    if (index % 1000 === 0) await Promise.resolve();
    yield { number: `B/${index}`, buyer: index % 2 ? '=SUM(A1)' : 'Shah, "Silks"' };
  }
}

describe('sendCsv', () => {
  it('gives the event loop back while a long download is encoded, and writes every row', async () => {
    const app = Fastify();
    app.get('/export.csv', (_request, reply) => sendCsv(reply, csv, records(), new Date(0)));
    // Each turn of the event loop that other requests could have had while the file was written.
    let turns = 0;
    let counting = true;
    const count = () => {
      turns += 1;
      if (counting) setImmediate(count);
    };
    setImmediate(count);
    const response = await app.inject({ method: 'GET', url: '/export.csv' });
    counting = false;
    await app.close();

    const lines = response.body.split('\n');
    expect(lines[0]).toBe('\ufeffNumber,Buyer,Total');
    expect(lines[1]).toBe('B/0,"Shah, ""Silks""",1259.00');
    expect(lines[2]).toBe("B/1,'=SUM(A1),1259.00");
    expect(lines).toHaveLength(ROWS + 2);
    expect(turns).toBeGreaterThanOrEqual(ROWS / 200);
  });
});
