/**
 * The exports' caps, lowered for this file (2 rows, 1,200 bytes): past either, 400 with the message;
 * an export of exactly the row cap is answered.
 */
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_TOO_LARGE_MESSAGE } from '../../../../domain/schemas/exports';
import { sampleAddress, sampleLabelOrder } from '../../../fixtures/label-order';
import { buyLabel, idempotencyKey, invoke, newAccount } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';

vi.mock('../../../../domain/schemas/exports', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../../../domain/schemas/exports')>();
  return {
    ...real,
    EXPORT_MAX_ROWS: 2,
    EXPORT_MAX_BYTES: 1200,
    EXPORT_TOO_MANY_MESSAGE: 'This export would have more than 2 rows; choose a shorter date range',
  };
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

  it('refuses a file past the byte cap with 400', async () => {
    const ann = await newAccount('user', 'export-cap');
    await buyLabel(ann); // one order row: about 600 bytes with the header
    expect((await invoke('GET /exports/orders.csv', { token: ann.token })).statusCode).toBe(200);
    await creditWallet(ann, 2000);
    const long = sampleAddress('N'.repeat(100), '10001', 'S'.repeat(200));
    const bought = await invoke('POST /shipping/create-label', {
      token: ann.token,
      headers: { 'idempotency-key': idempotencyKey() },
      body: sampleLabelOrder({ from: long, to: long }),
    });
    expect(bought.statusCode, bought.body).toBe(201);

    const over = await invoke('GET /exports/orders.csv', { token: ann.token });
    expect(over.statusCode).toBe(400);
    expect(over.json).toEqual({ message: EXPORT_TOO_LARGE_MESSAGE });
  });
});
