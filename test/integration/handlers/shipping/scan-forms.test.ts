/**
 * SCAN forms against DynamoDB Local, through the real handlers and the sandbox carrier: a form
 * covers the caller's usable labels of one day and origin (never refunded or refund-asked ones,
 * never another user's), each label goes on one form only, concurrent requests included, a carrier
 * failure gives the labels back, and bad input changes nothing.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { todayInEastern } from '../../../../domain/ship-date';
import { db, tableName } from '../../../../functions/data/client';
import { orderKey } from '../../../../functions/data/orders';
import { saveAddress } from '../../../../functions/data/addresses';
import { ProviderUnavailable } from '../../../../functions/errors';
import { NO_LABELS_LEFT } from '../../../../functions/shipping-day/scan-forms';
import { sampleAddress, sampleLabelOrder } from '../../../fixtures/label-order';
import { creditWallet } from '../../wallet-credit';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { expectVerifiedUserOnly } from '../answers';
import { changesOf, withoutWrites } from '../table-changes';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);

const HOME = sampleAddress('Ann Sender', '78701');
const SHOP = sampleAddress('Ann Sender', '78702', '5 Oak St');

let ann: Account;
let bob: Account;
beforeEach(async () => {
  watchCarrierAnew();
  [ann, bob] = await Promise.all([newAccount('user', 'scan'), newAccount('user', 'scan')]);
  await Promise.all([creditWallet(ann, 20_000), creditWallet(bob, 20_000)]);
});

/** Buys one label from `from` for `account`; its shipOrderId and tracking number. */
async function label(account: Account, from = HOME): Promise<{ shipOrderId: string; tracking: string }> {
  const res = await invoke('POST /shipping/create-label', {
    token: account.token,
    headers: { 'idempotency-key': idempotencyKey() },
    body: sampleLabelOrder({ from }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json as { label: { shipOrderId: string; tracking: string } }).label;
}

const makeForm = (body: unknown, token: string | null = ann.token) => invoke('POST /shipping/scan-forms', { token: token ?? undefined, body });
const formOf = async (account: Account, orderId: string) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: orderKey(account.id, orderId), ConsistentRead: true }))).Item?.scanFormId as string | undefined;
const formItem = async (account: Account, formId: string) =>
  (await db.send(new GetCommand({ TableName: tableName(), Key: { pk: `USER#${account.id}`, sk: `SCANFORM#${formId}` }, ConsistentRead: true }))).Item;

interface FormAnswer {
  id: string;
  shipDate: string;
  labelCount: number;
  orderIds: string[];
  trackingNumbers: string[];
  pdfUrl: string;
}

describe('POST /shipping/scan-forms', () => {
  it("puts the caller's usable labels of the day and origin on one form, and leaves out refunded, refund-asked, other origins and other users", async () => {
    const [a1, a2, refunded, asked, shop, bobs] = await Promise.all([label(ann), label(ann), label(ann), label(ann), label(ann, SHOP), label(bob)]);
    expect((await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: refunded.shipOrderId } })).statusCode).toBe(
      200,
    );
    // A refund asked and not yet decided.
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: orderKey(ann.id, asked.shipOrderId),
        UpdateExpression: 'SET #s = :p',
        ExpressionAttributeNames: { '#s': 'status' },
        ExpressionAttributeValues: { ':p': 'refund_pending' },
      }),
    );

    const res = await makeForm({ date: todayInEastern(), from: HOME });
    expect(res.statusCode, res.body).toBe(201);
    const form = res.json as unknown as FormAnswer;
    expect(form).toMatchObject({ shipDate: todayInEastern(), labelCount: 2, pdfUrl: `/shipping/scan-forms/${form.id}/pdf` });
    expect(new Set(form.orderIds)).toEqual(new Set([a1.shipOrderId, a2.shipOrderId]));
    expect(new Set(form.trackingNumbers)).toEqual(new Set([a1.tracking, a2.tracking]));

    expect(await formOf(ann, a1.shipOrderId)).toBe(form.id);
    expect(await formOf(ann, a2.shipOrderId)).toBe(form.id);
    for (const other of [refunded, asked, shop]) expect(await formOf(ann, other.shipOrderId)).toBeUndefined();
    expect(await formOf(bob, bobs.shipOrderId)).toBeUndefined();
    expect(await formItem(ann, form.id)).toMatchObject({ pdfKey: `scan-forms/${ann.id}/${form.id}.pdf`, carrierRef: `sandbox_sf_${form.id}` });

    const pdf = await invoke('GET /shipping/scan-forms/{id}/pdf', { token: ann.token, params: { id: form.id } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers?.['content-type']).toBe('application/pdf');
    expect(
      Buffer.from(pdf.body ?? '', 'base64')
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    // Bob cannot read Ann's form.
    expect((await invoke('GET /shipping/scan-forms/{id}/pdf', { token: bob.token, params: { id: form.id } })).statusCode).toBe(404);

    // Nothing of the day and origin is left: a second form is refused and writes nothing.
    const again = await withoutWrites(() => makeForm({ date: todayInEastern(), from: HOME }));
    expect(again.statusCode).toBe(409);
    expect(again.json).toEqual({ message: NO_LABELS_LEFT });

    // The other origin makes its own form, by a saved address.
    const saved = await saveAddress(ann.id, SHOP);
    const shopForm = await makeForm({ date: todayInEastern(), from: saved.id });
    expect(shopForm.statusCode, shopForm.body).toBe(201);
    expect(shopForm.json).toMatchObject({ orderIds: [shop.shipOrderId] });

    const list = await withoutWrites(() => invoke('GET /shipping/scan-forms', { token: ann.token }));
    expect((list.json?.scanForms as FormAnswer[]).map((f) => f.id)).toEqual([(shopForm.json as unknown as FormAnswer).id, form.id]);
    const bobsList = await invoke('GET /shipping/scan-forms', { token: bob.token });
    expect(bobsList.json).toEqual({ scanForms: [], nextCursor: null });
  });

  it('puts a label on one form only when several requests race for it', async () => {
    const labels = await Promise.all([label(ann), label(ann), label(ann)]);
    const answers = await Promise.all(Array.from({ length: 5 }, () => makeForm({ date: todayInEastern(), from: HOME })));
    const made = answers.filter((r) => r.statusCode === 201);
    expect(made).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(4);
    const form = made[0]!.json as unknown as FormAnswer;
    expect(form.labelCount).toBe(3);
    for (const l of labels) expect(await formOf(ann, l.shipOrderId)).toBe(form.id);

    // Named labels race too: one form each label, whichever way it was asked.
    const [n1, n2] = await Promise.all([label(ann), label(ann)]);
    const named = await Promise.all([
      makeForm({ orderIds: [n1.shipOrderId, n2.shipOrderId] }),
      makeForm({ orderIds: [n2.shipOrderId] }),
      makeForm({ date: todayInEastern(), from: HOME }),
    ]);
    expect(named.filter((r) => r.statusCode === 201).length).toBeGreaterThanOrEqual(1);
    const ids = [n1.shipOrderId, n2.shipOrderId];
    const owners = await Promise.all(ids.map((id) => formOf(ann, id)));
    for (const r of named.filter((a) => a.statusCode === 201)) {
      const f = r.json as unknown as FormAnswer;
      for (const id of f.orderIds) expect(owners[ids.indexOf(id)]).toBe(f.id);
    }
    // A request that lost the race claims nothing, so a label it named may be on no form yet: a new request then takes it.
    const left = ids.filter((_, i) => owners[i] === undefined);
    if (left.length > 0) expect((await makeForm({ orderIds: left })).statusCode).toBe(201);
    expect((await Promise.all(ids.map((id) => formOf(ann, id)))).every((o) => typeof o === 'string')).toBe(true);
  });

  it('refuses labels named by another user, a refunded one or one already on a form, and writes nothing', async () => {
    const [mine, refunded, bobs] = await Promise.all([label(ann), label(ann), label(bob)]);
    await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: refunded.shipOrderId } });
    expect((await withoutWrites(() => makeForm({ orderIds: [mine.shipOrderId, bobs.shipOrderId] }))).statusCode).toBe(404);
    expect((await withoutWrites(() => makeForm({ orderIds: [refunded.shipOrderId] }))).statusCode).toBe(409);
    expect((await makeForm({ orderIds: [mine.shipOrderId] })).statusCode).toBe(201);
    const twice = await withoutWrites(() => makeForm({ orderIds: [mine.shipOrderId] }));
    expect(twice.statusCode).toBe(409);
    expect(twice.json?.message).toMatch(/already on a SCAN form/);
    expect((await withoutWrites(() => makeForm({ date: todayInEastern(), from: '01ARZ3NDEKTSV4RRFFQ69G5FAV' }))).statusCode).toBe(404);
    expect(await formOf(bob, bobs.shipOrderId)).toBeUndefined();
  });

  it('answers bad input with 400 and a clear error, writing nothing', async () => {
    const { shipOrderId } = await label(ann);
    for (const body of [
      {},
      { date: todayInEastern() },
      { from: HOME },
      { date: todayInEastern(), from: HOME, orderIds: [shipOrderId] },
      { orderIds: [] },
      { orderIds: ['not-an-id'] },
      { date: '2026-13-45', from: HOME },
      { date: todayInEastern(), from: { name: 'x' } },
      { orderIds: [shipOrderId], extra: 1 },
    ]) {
      const res = await withoutWrites(() => makeForm(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json?.message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect(await formOf(ann, shipOrderId)).toBeUndefined();
  });

  it('stores nothing and holds no label when the carrier cannot make the form', async () => {
    const { shipOrderId } = await label(ann);
    carrierWatch.makeScanForm.mockRejectedValueOnce(new ProviderUnavailable('USPS label service', 'POST /v2/scan_forms answered HTTP 503'));
    const { result, written } = await changesOf(() => makeForm({ date: todayInEastern(), from: HOME }));
    expect(result.statusCode).toBe(502);
    expect(written).toEqual([]);
    expect(await formOf(ann, shipOrderId)).toBeUndefined();
    // The next try makes the form.
    expect((await makeForm({ date: todayInEastern(), from: HOME })).statusCode).toBe(201);
  });

  it('is for verified users only', async () => {
    await expectVerifiedUserOnly((token) => makeForm({ date: todayInEastern(), from: HOME }, token), ann.otpToken);
  });
});
