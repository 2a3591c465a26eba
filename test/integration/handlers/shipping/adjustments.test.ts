/**
 * Postage adjustments against DynamoDB Local, through the real routes: EasyPost's signed
 * `shipment.invoice.*` events on POST /easypost/webhook (as the sandbox carrier sends them), the list
 * GET /shipping/adjustments and the dispute POST /shipping/adjustments/{adjustmentId}/dispute.
 * An adjustment is debited once however often its event arrives, even below zero (a purchase then
 * waits for a top-up); a changed invoice moves the wallet by the difference; the shipper is mailed;
 * a dispute opens one support request with the label attached.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdjustmentsPage } from '../../../../domain/api/adjustments';
import type { Order } from '../../../../domain/api/orders';
import { getOrder } from '../../../../functions/data/orders';
import { listOutbox } from '../../../../functions/data/outbox';
import { getSupportRequest } from '../../../../functions/data/support-requests';
import { config } from '../../../../functions/config';
import { sandboxInvoiceEvent } from '../../../../functions/postage/sandbox-adjustments';
import type { LocalAdjustmentBody } from '../../../../domain/schemas/adjustments';
import { ledgerOf } from '../../ledger-invariant';
import { expectUserConsistent } from '../../reliability/helpers';
import { buyLabel, idempotencyKey, invoke, labelOrder, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { changesOf, withoutWrites } from '../table-changes';

let ann: Account;
let order: Order;
beforeEach(async () => {
  ann = await newAccount('user', 'adjust');
  const label = await buyLabel(ann); // $20 credited, a $6 label bought: $14 left
  order = (await getOrder(ann.id, label.shipOrderId))!;
});

const send = (body: LocalAdjustmentBody, of: Order = order) => {
  const { rawBody, signature } = sandboxInvoiceEvent(of, body);
  return invoke('POST /easypost/webhook', { raw: rawBody, headers: { 'x-hmac-signature': signature } });
};
const list = async (account: Account = ann) => {
  const res = await invoke('GET /shipping/adjustments', { token: account.token });
  expect(res.statusCode).toBe(200);
  return (res.json as unknown as AdjustmentsPage).adjustments;
};
const balance = async () => (await ledgerOf(ann.id)).balanceCents;
const adjustmentEntries = async () => (await ledgerOf(ann.id)).entries.filter((e) => e.type === 'postage_adjustment').map((e) => e.amountCents);

describe('a carrier postage adjustment', () => {
  it('is debited once with its reason and evidence however often it arrives, listed and mailed', async () => {
    const measured = { weight: 3.5, length: 12, width: 8, height: 6 };
    const sends = await Promise.all([1, 2, 3].map(() => send({ amountCents: 235, reason: 'Weight', measured })));
    expect(sends.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await send({ amountCents: 235, reason: 'Weight', measured })).toMatchObject({ statusCode: 200 });

    expect(await balance()).toBe(1400 - 235);
    expect(await adjustmentEntries()).toEqual([-235]);
    const [adjustment, ...others] = await list();
    expect(others).toEqual([]);
    expect(adjustment).toMatchObject({
      shipOrderId: order.id,
      tracking: order.tracking,
      amountCents: 235,
      reason: 'Weight',
      declared: { weightLb: order.weightLb, lengthIn: order.lengthIn, widthIn: order.widthIn, heightIn: order.heightIn },
      measured: { weightLb: 3.5, lengthIn: 12, widthIn: 8, heightIn: 6 },
      disputedAt: null,
      supportRequestId: null,
    });
    const entry = (await ledgerOf(ann.id)).entries.find((e) => e.type === 'postage_adjustment');
    expect(entry).toMatchObject({ id: adjustment!.entryId, orderId: order.id, reason: 'Weight', status: 'completed' });
    const mails = (await listOutbox({ to: ann.email })).filter((m) => m.subject.startsWith('Postage adjustment'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Postage adjustment of $2.35 on label ${order.tracking}`);
    expect(mails[0]!.text).toContain('USPS measured: 3.5 lb, 12 × 8 × 6 in');
    await expectUserConsistent(ann.id);
  });

  it('moves the wallet by the difference when the carrier changes its invoice, and gives it back when lowered', async () => {
    await send({ amountCents: 200, reason: 'Weight' });
    await send({ amountCents: 500, reason: 'Dimensions' });
    await send({ amountCents: 500, reason: 'Dimensions' });
    await send({ amountCents: 0, reason: 'Dispute accepted' });
    // Ledger amounts, oldest first: -200 and -300 debited, 500 given back.
    expect(await adjustmentEntries()).toEqual([-200, -300, 500]);
    expect((await list()).map((a) => a.amountCents)).toEqual([-500, 300, 200]);
    expect(await balance()).toBe(1400);
    await expectUserConsistent(ann.id);
  });

  it('may take the wallet below zero; a purchase then waits for a top-up', async () => {
    await send({ amountCents: 2000, reason: 'Service' });
    expect(await balance()).toBe(-600);
    const buy = () => invoke('POST /shipping/create-label', { token: ann.token, headers: { 'idempotency-key': idempotencyKey() }, body: labelOrder() });
    expect((await buy()).statusCode).toBe(402);
    await creditWallet(ann, 1000);
    expect((await buy()).statusCode).toBe(402);
    await creditWallet(ann, 200);
    expect((await buy()).statusCode).toBe(201);
    expect(await balance()).toBe(0);
    await expectUserConsistent(ann.id);
  });

  it('of a label that is not ours is acknowledged and changes nothing', async () => {
    const stranger = { ...order, tracking: '9400100000000000000999' };
    const { result } = await changesOf(() => send({ amountCents: 100, reason: 'Weight' }, stranger));
    expect(result.statusCode).toBe(200);
    await withoutWrites(() => send({ amountCents: 100, reason: 'Weight' }, stranger));
  });
});

describe('POST /shipping/adjustments/{adjustmentId}/dispute', () => {
  const dispute = (adjustmentId: string, account: Account = ann, message = 'My scale said 2 lb: please check the measure.') =>
    invoke('POST /shipping/adjustments/{adjustmentId}/dispute', { token: account.token, params: { adjustmentId }, body: { message } });

  it('opens one support request with the label and the evidence attached, and marks the adjustment disputed', async () => {
    await send({ amountCents: 150, reason: 'Weight' });
    const [adjustment] = await list();
    const res = await dispute(adjustment!.id);
    expect(res.statusCode).toBe(201);
    const requestId = String(res.json?.id);
    const request = await getSupportRequest(ann.id, requestId);
    expect(request).toMatchObject({ shipOrderId: order.id, adjustmentId: adjustment!.id, subject: 'Billing Questions' });
    expect(request?.message).toContain('My scale said 2 lb');
    expect(request?.message).toContain(`Label: ${order.tracking}`);
    expect(request?.message).toContain('Adjustment: $1.50');
    const [mail] = (await listOutbox({ to: config().SUPPORT_EMAIL })).filter((m) => m.text.includes(`Request: ${requestId}`));
    expect(mail?.text).toContain(`Label: ${order.id}`);
    expect(await list()).toMatchObject([{ id: adjustment!.id, disputedAt: expect.any(String), supportRequestId: requestId }]);

    // Once: a second dispute (or one racing it) is a 409 and stores nothing.
    const again = await withoutWrites(() => dispute(adjustment!.id));
    expect(again).toMatchObject({ statusCode: 409, json: { message: 'This adjustment is already disputed: support will reply by mail.' } });
  });

  it("is a 404 for another user's adjustment or an unknown id, and a 400 for a message too short, writing nothing", async () => {
    await send({ amountCents: 150, reason: 'Weight' });
    const [adjustment] = await list();
    const bob = await newAccount('user', 'adjust-other');
    expect(await list(bob)).toEqual([]);
    expect((await withoutWrites(() => dispute(adjustment!.id, bob))).statusCode).toBe(404);
    expect((await withoutWrites(() => dispute('01ARZ3NDEKTSV4RRFFQ69G5FAV'))).statusCode).toBe(404);
    expect((await withoutWrites(() => dispute(adjustment!.id, ann, 'short'))).statusCode).toBe(400);
  });
});
