/**
 * The exports' row cap, with the cap lowered to 2 for this file: a range with more rows is refused
 * with 400 and the message, a narrower one is exported, and a range of exactly the cap is not refused.
 */
import { describe, expect, it, vi } from 'vitest';
import { buyLabel, invoke, newAccount } from '../../security/actors';

vi.mock('../../../../domain/schemas/exports', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../domain/schemas/exports')>();
  return { ...real, EXPORT_MAX_ROWS: 2, EXPORT_TOO_MANY_MESSAGE: 'This export would have more than 2 rows; choose a shorter date range' };
});

describe('the export row cap', () => {
  it('refuses an export past the cap with 400, and answers one at the cap', async () => {
    const ann = await newAccount('user', 'export-cap');
    await buyLabel(ann); // a top-up and a label: two entries, one order
    const atCap = await invoke('GET /exports/transactions.csv', { token: ann.token });
    expect(atCap.statusCode).toBe(200);

    await buyLabel(ann); // four entries
    const over = await invoke('GET /exports/transactions.csv', { token: ann.token });
    expect(over.statusCode).toBe(400);
    expect(over.json).toEqual({ message: 'This export would have more than 2 rows; choose a shorter date range' });
    expect((await invoke('GET /exports/orders.csv', { token: ann.token })).statusCode).toBe(200);
  });
});
