/**
 * Batch rows and saved packages against DynamoDB Local, through the real handlers: the `package`
 * column names a package (case ignored) that fills the row's blank parcel cells, a row with no
 * package and a blank parcel takes the default, an unknown name is that row's error. The filled
 * figures are stored with the row, priced and bought; the packages are read once per upload or edit.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiBatch } from '../../../../domain/api/batches';
import { batchQueueIdle } from '../../../../functions/batches/queue';
import { runBatchToEnd } from '../../../../functions/batches/run';
import { getBatchRows } from '../../../../functions/data/batches';
import { listPackages, savePackage } from '../../../../functions/data/packages';
import { getOrder } from '../../../../functions/data/orders';
import { logger } from '../../../../functions/observability/logger';
import { batchCsv, sampleRow } from '../../../fixtures/batch-csv';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { uploadPriced } from '../../batch-upload';

vi.mock('../../../../functions/data/packages', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../functions/data/packages')>();
  return { ...original, listPackages: vi.fn(original.listPackages) };
});

/** A row whose parcel cells are blank. */
const noParcel = (over: Record<string, string> = {}) => sampleRow({ weight: '', length: '', width: '', height: '', ...over });
const PARCEL = (r: { fields: Record<string, string | undefined> }) => [r.fields.package, r.fields.weight, r.fields.length, r.fields.width, r.fields.height];

let ann: Account;
beforeEach(async () => {
  ann = await newAccount('user', 'batchpkg');
  await savePackage(ann.id, { name: 'Big Box', weight: 12, length: 20, width: 16, height: 12 });
  await savePackage(ann.id, { name: 'Mailer', weight: 0.5, length: 12, width: 9, height: 1, isDefault: true });
  vi.mocked(listPackages).mockClear();
});
afterEach(async () => {
  await batchQueueIdle();
});

const upload = async (rows: Record<string, string>[], who: Account = ann) => {
  const res = await uploadPriced({ token: who.token, raw: batchCsv(rows) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json as unknown as ApiBatch;
};

describe('batch rows and saved packages', () => {
  it('fills a named package (case ignored), the default for a blank parcel, and refuses an unknown name on its column', async () => {
    const batch = await upload([
      noParcel({ package: 'big box' }),
      noParcel(),
      noParcel({ package: 'Crate' }),
      // Cells the row gives are its own: the package fills only the blank ones.
      sampleRow({ package: 'BIG BOX', weight: '3', length: '', width: '', height: '' }),
      // The row's own parcel, no package: the default fills nothing.
      sampleRow(),
      // Part of a parcel and no package: the row's own, with its missing figure its error.
      sampleRow({ height: '' }),
    ]);

    expect(batch.rows.map((r) => [r.row, r.status, ...PARCEL(r)])).toEqual([
      [2, 'ready', 'big box', '12', '20', '16', '12'],
      [3, 'ready', 'Mailer', '0.5', '12', '9', '1'],
      [4, 'invalid', 'Crate', '', '', '', ''],
      [5, 'ready', 'BIG BOX', '3', '20', '16', '12'],
      [6, 'ready', '', '2', '10', '6', '4'],
      [7, 'invalid', '', '2', '10', '6', ''],
    ]);
    // Priced by the filled weight: USPS Priority is $6.00 to 30 lb.
    expect(batch.rows.filter((r) => r.valid).map((r) => r.priceCents)).toEqual([600, 600, 600, 600]);
    expect(batch.rows[2]?.errors[0]).toEqual({ column: 'package', message: 'No saved package is named "Crate"' });
    expect(batch.rows[5]?.errors).toEqual([{ column: 'height', message: 'Required' }]);
    // Stored as answered: the purchase buys the figures that were priced.
    const stored = await getBatchRows(batch.batchId);
    expect(stored.map(PARCEL)).toEqual(batch.rows.map(PARCEL));
    // One read of the packages for the whole file.
    expect(listPackages).toHaveBeenCalledTimes(1);
  });

  it("leaves a blank parcel blank (its errors) for a shipper with no default, and reads no one else's packages", async () => {
    const bob = await newAccount('user', 'batchpkg');
    const batch = await upload([noParcel(), noParcel({ package: 'Mailer' })], bob);

    expect(batch.rows.map((r) => r.status)).toEqual(['invalid', 'invalid']);
    expect(batch.rows[0]?.errors.map((e) => e.column)).toEqual(['weight', 'length', 'width', 'height']);
    expect(batch.rows[1]?.errors[0]).toEqual({ column: 'package', message: 'No saved package is named "Mailer"' });
  });

  it('fills an edited row from the packages, read once for the edit', async () => {
    const batch = await upload([noParcel({ package: 'Crate' })]);
    vi.mocked(listPackages).mockClear();

    const res = await invoke('PUT /shipping/batches/{batchId}/rows/{row}', {
      token: ann.token,
      params: { batchId: batch.batchId, row: '2' },
      body: { fields: noParcel({ package: 'Big Box' }) },
    });

    expect(res.statusCode, res.body).toBe(200);
    const row = (res.json as unknown as ApiBatch).rows[0]!;
    expect([row.status, ...PARCEL(row)]).toEqual(['ready', 'Big Box', '12', '20', '16', '12']);
    expect(listPackages).toHaveBeenCalledTimes(1);
  });

  it('buys the filled figures, even after the package is deleted', async () => {
    const batch = await upload([noParcel()]);
    const mailer = (await listPackages(ann.id)).find((p) => p.name === 'Mailer')!;
    expect((await invoke('DELETE /auth/packages/{id}', { token: ann.token, params: { id: mailer.id } })).statusCode).toBe(200);
    await creditWallet(ann, 1000);

    const res = await invoke('POST /shipping/batches/{batchId}/purchase', {
      token: ann.token,
      params: { batchId: batch.batchId },
      body: { paymentMethod: 'credits' },
      headers: { 'idempotency-key': idempotencyKey() },
    });
    expect(res.statusCode, res.body).toBe(200);
    await runBatchToEnd(batch.batchId, logger);

    const [row] = await getBatchRows(batch.batchId);
    expect(row?.status).toBe('bought');
    const order = await getOrder(ann.id, row!.shipOrderId!);
    expect(order).toMatchObject({ weightLb: 0.5, lengthIn: 12, widthIn: 9, heightIn: 1 });
  });
});
