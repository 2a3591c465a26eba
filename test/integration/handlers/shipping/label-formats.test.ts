/**
 * Label formats through the real handlers against DynamoDB Local, with the sandbox carrier: each
 * format's answer read back (ZPL parsed, PNG decoded, letter read by pdf-lib), each converted file
 * kept in the label store under its own key so a second download is the same bytes without asking
 * the carrier again, the shipper's default used when the download names no format, the batch's
 * letter layout, and bad formats, refunded labels and carrier failures refused with nothing changed.
 */
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProviderUnavailable } from '../../../../functions/errors';
import { getOrder } from '../../../../functions/data/orders';
import { getUserById } from '../../../../functions/data/users';
import { labelFileKey } from '../../../../functions/labels/label-files';
import { batchLetterKey } from '../../../../functions/batches/labels-pdf';
import { getLabelStore } from '../../../../functions/providers/registry/blobs';
import { batchQueueIdle } from '../../../../functions/batches/queue';
import type { ApiBatch } from '../../../../domain/api/batches';
import { batchCsv, sampleRows } from '../../../fixtures/batch-csv';
import { decodePngBarcodes, parseZpl, pngDimensions, zplBarcodes } from '../../../fixtures/label-file-checks';
import { uploadPriced } from '../../batch-upload';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { buyLabel, expectRefusal, idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

let ann: Account;
beforeEach(async () => {
  watchCarrierAnew();
  ann = await newAccount('user', 'formats');
});
afterEach(async () => {
  await batchQueueIdle();
  await expectLedgerInvariant(ann.id);
});

const download = (shipOrderId: string, query?: Record<string, string>, who: Account = ann) =>
  invoke('GET /shipping/download-order/{shipOrderId}', { token: who.token, params: { shipOrderId }, ...(query ? { query } : {}) });
const bytesOf = (res: { body?: string }) => new Uint8Array(Buffer.from(res.body ?? '', 'base64'));
const stored = async (shipOrderId: string, choice: Parameters<typeof labelFileKey>[1]) => {
  const order = await getOrder(ann.id, shipOrderId);
  return getLabelStore().get(labelFileKey(order?.labelKey as string, choice));
};

describe('GET /shipping/download-order/{shipOrderId}?format=', () => {
  it('zpl: ZPL II whose barcode carries the tracking number, made once and kept', async () => {
    const label = await buyLabel(ann);
    const res = await download(label.shipOrderId, { format: 'zpl' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/zpl');
    expect(res.headers?.['content-disposition']).toBe(`attachment; filename="${label.tracking}.zpl"`);
    const zpl = new TextDecoder().decode(bytesOf(res));
    const labels = parseZpl(zpl);
    expect(labels).toHaveLength(1);
    expect(zplBarcodes(labels[0]!).map((b) => b.digits.slice(-label.tracking.length))).toEqual([label.tracking]);

    // Kept under its own key: the second download is the same bytes, and the carrier is asked once.
    expect(new TextDecoder().decode(await stored(label.shipOrderId, { format: 'zpl', dpi: 203 }))).toBe(zpl);
    const again = await download(label.shipOrderId, { format: 'zpl' });
    expect(again.body).toBe(res.body);
    expect(carrierWatch.labelFile).toHaveBeenCalledTimes(1);
    // The first download is recorded as it is for the PDF.
    expect((await getOrder(ann.id, label.shipOrderId))?.downloadedAt).toEqual(expect.any(String));
  });

  it.each([
    [undefined, 812, 1218],
    ['203', 812, 1218],
    ['300', 1200, 1800],
  ] as const)('png at dpi %s: %i x %i pixels, its barcode decoding to the tracking number', async (dpi, width, height) => {
    const label = await buyLabel(ann);
    const res = await download(label.shipOrderId, { format: 'png', ...(dpi ? { dpi } : {}) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers?.['content-type']).toBe('image/png');
    const png = bytesOf(res);
    expect(pngDimensions(png)).toEqual({ width, height });
    const [barcode] = await decodePngBarcodes(png);
    expect(barcode?.replace(/\(\d+\)/g, '').endsWith(label.tracking.slice(2))).toBe(true);
    expect(barcode).toContain(`(${label.tracking.slice(0, 2)})${label.tracking.slice(2)}`);
    expect(Buffer.from((await stored(label.shipOrderId, { format: 'png', dpi: Number(dpi ?? 203) as 203 | 300 })) ?? []).equals(Buffer.from(png))).toBe(true);
  });

  it('letter: one 8.5x11 page holding the 4x6 label, made from the stored PDF and kept', async () => {
    const label = await buyLabel(ann);
    const res = await download(label.shipOrderId, { format: 'letter' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers?.['content-type']).toBe('application/pdf');
    const doc = await PDFDocument.load(bytesOf(res));
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([[612, 792]]);
    expect(await stored(label.shipOrderId, { format: 'letter', dpi: 203 })).toBeDefined();
    // Made here from the PDF: the carrier is not asked.
    expect(carrierWatch.labelFile).not.toHaveBeenCalled();
  });

  it("pdf, and no format at all: the 4x6 PDF as bought, until the shipper's default says otherwise", async () => {
    const label = await buyLabel(ann);
    const pdf = await download(label.shipOrderId, { format: 'pdf' });
    const plain = await download(label.shipOrderId);
    expect(pdf.headers?.['content-type']).toBe('application/pdf');
    expect(plain.body).toBe(pdf.body);
    expect((await PDFDocument.load(bytesOf(plain))).getPage(0).getSize()).toEqual({ width: 288, height: 432 });

    const saved = await invoke('PUT /auth/label-format', { token: ann.token, body: { format: 'png', dpi: 300 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json?.labelFormat).toEqual({ format: 'png', dpi: 300 });
    expect((await getUserById(ann.id))?.labelFormat).toEqual({ format: 'png', dpi: 300 });
    expect((await invoke('GET /auth/profile', { token: ann.token })).json?.labelFormat).toEqual({ format: 'png', dpi: 300 });

    const byDefault = await download(label.shipOrderId);
    expect(byDefault.headers?.['content-type']).toBe('image/png');
    expect(pngDimensions(bytesOf(byDefault))).toEqual({ width: 1200, height: 1800 });
    // A format named in the download wins over the default.
    expect((await download(label.shipOrderId, { format: 'pdf' })).body).toBe(pdf.body);
  });

  it('a new account answers the 4x6 PDF as its default', async () => {
    expect((await invoke('GET /auth/profile', { token: ann.token })).json?.labelFormat).toEqual({ format: 'pdf', dpi: 203 });
  });

  it.each([
    [{ format: 'jpeg' }, 'format', /format must be one of pdf, letter, png, zpl/],
    [{ format: 'PNG' }, 'format', /format must be one of/],
    [{ format: 'png', dpi: '150' }, 'dpi', /dpi must be 203 or 300/],
  ])('a bad query %j is a 400 naming the field, with nothing recorded or made', async (query, field, message) => {
    const label = await buyLabel(ann);
    const res = await download(label.shipOrderId, query);
    expect(res.statusCode).toBe(400);
    expectRefusal(res);
    expect((res.json?.fields as Record<string, string>)[field]).toMatch(message);
    expect((await getOrder(ann.id, label.shipOrderId))?.downloadedAt).toBeNull();
    expect(carrierWatch.labelFile).not.toHaveBeenCalled();
  });

  it('a refunded label is 410 in every format; another shipper gets 404; nothing is made for either', async () => {
    const label = await buyLabel(ann);
    const bob = await newAccount('user', 'formats-other');
    expect((await download(label.shipOrderId, { format: 'zpl' }, bob)).statusCode).toBe(404);
    expect((await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: label.shipOrderId } })).statusCode).toBe(200);
    for (const format of ['pdf', 'letter', 'png', 'zpl']) expect((await download(label.shipOrderId, { format })).statusCode, format).toBe(410);
    expect(carrierWatch.labelFile).not.toHaveBeenCalled();
    expect(await stored(label.shipOrderId, { format: 'zpl', dpi: 203 })).toBeUndefined();
  });

  it('a carrier that cannot convert now is a 502 with nothing kept; the next download makes it', async () => {
    const label = await buyLabel(ann);
    carrierWatch.labelFile.mockImplementationOnce(async () => {
      throw new ProviderUnavailable('USPS label service', 'convert failed');
    });
    const failed = await download(label.shipOrderId, { format: 'zpl' });
    expect(failed.statusCode).toBe(502);
    expect(await stored(label.shipOrderId, { format: 'zpl', dpi: 203 })).toBeUndefined();
    expect((await download(label.shipOrderId, { format: 'zpl' })).statusCode).toBe(200);
  });
});

describe('PUT /auth/label-format', () => {
  it('refuses an unknown format, a bad dpi and unknown fields with 400, leaving the default as it was', async () => {
    for (const body of [{ format: 'gif' }, { format: 'png', dpi: 150 }, { format: 'png', dpi: '300' }, { format: 'pdf', colour: 'red' }, {}]) {
      const res = await invoke('PUT /auth/label-format', { token: ann.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectRefusal(res);
    }
    expect((await getUserById(ann.id))?.labelFormat).toBeUndefined();
  });

  it('a PNG without dpi is kept at 203', async () => {
    const res = await invoke('PUT /auth/label-format', { token: ann.token, body: { format: 'png' } });
    expect(res.json?.labelFormat).toEqual({ format: 'png', dpi: 203 });
  });
});

describe('GET /shipping/batches/{batchId}/labels.pdf?format=letter', () => {
  it('lays the merged 4x6 pages two to a letter page, kept once made; a bad format is a 400', async () => {
    await creditWallet(ann, 2000);
    const up = await uploadPriced({ token: ann.token, raw: batchCsv(sampleRows(3)), contentType: 'text/csv' });
    const batchId = (up.json as unknown as ApiBatch).batchId;
    const bought = await invoke('POST /shipping/batches/{batchId}/purchase', {
      token: ann.token,
      params: { batchId },
      body: { paymentMethod: 'credits' },
      headers: { 'idempotency-key': idempotencyKey() },
    });
    expect(bought.statusCode, bought.body).toBeLessThan(300);
    await batchQueueIdle();

    const letter = await invoke('GET /shipping/batches/{batchId}/labels.pdf', { token: ann.token, params: { batchId }, query: { format: 'letter' } });
    expect(letter.statusCode, letter.body).toBe(200);
    const doc = await PDFDocument.load(bytesOf(letter));
    // Three labels: ceil(3 / 2) letter pages.
    expect(doc.getPages().map((p) => [p.getWidth(), p.getHeight()])).toEqual([
      [612, 792],
      [612, 792],
    ]);
    expect(letter.headers?.['content-disposition']).toBe(`attachment; filename="prepaidship-batch-${batchId}-letter.pdf"`);
    const kept = await getLabelStore().get(batchLetterKey({ id: batchId, userId: ann.id }));
    expect(Buffer.from(kept ?? []).equals(Buffer.from(bytesOf(letter)))).toBe(true);

    const pdf = await invoke('GET /shipping/batches/{batchId}/labels.pdf', { token: ann.token, params: { batchId }, query: { format: 'pdf' } });
    expect((await PDFDocument.load(bytesOf(pdf))).getPageCount()).toBe(3);

    const bad = await invoke('GET /shipping/batches/{batchId}/labels.pdf', { token: ann.token, params: { batchId }, query: { format: 'zpl' } });
    expect(bad.statusCode).toBe(400);
    expect((bad.json?.fields as Record<string, string>).format).toMatch(/format must be one of pdf, letter/);
  });
});
