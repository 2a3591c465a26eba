/**
 * POST /shipping/orders/{shipOrderId}/return against DynamoDB Local with the sandbox carrier: the
 * return quote (nothing bought), the purchase (swapped addresses, the charge and its ledger entry,
 * the link both ways, the carrier told it is a return), the mail with its PDF link, and every refusal
 * changing nothing: another user's shipment, a refunded one, a return's return, pay on use, bad input,
 * a short balance. A carrier failure after the charge ends refunded, like a label's.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listOutbox } from '../../../../functions/data/outbox';
import { getNotice, suppressRecipient } from '../../../../functions/data/notices';
import { retryNotices } from '../../../../functions/notifications/notices';
import { getOrder } from '../../../../functions/data/orders';
import { getUserById } from '../../../../functions/data/users';
import { ProviderUnavailable } from '../../../../functions/errors';
import { OUTBOUND_CHANGED, buyWithCredits } from '../../../../functions/labels/credit-orders';
import { CONFIRM_PRICE, NOT_OFFERED, NOT_RETURNABLE, ON_USE_REFUSED, RETURN_OF_RETURN, returnForm } from '../../../../functions/labels/return-labels';
import { requestRefund } from '../../../../functions/labels/label-refunds';
import { logger } from '../../../../functions/observability/logger';
import { listUserEntries } from '../../../../functions/wallet/ledger';
import { sampleAddress, sampleLabelOrder } from '../../../fixtures/label-order';
import { expectLedgerInvariant } from '../../ledger-invariant';
import { askReturn, buyReturn, returnQuote } from '../../return-label';
import { idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { carrierWatch, watchCarrierAnew } from '../../watch-carrier';
import { withoutWrites, withoutWritesButCounts } from '../table-changes';

vi.mock('../../../../functions/providers/registry/carrier', async (importOriginal) =>
  (await import('../../watch-carrier')).watchedCarrierRegistry(await importOriginal()),
);
/** The mailer the registry chose, unless a test makes sending fail. */
const mail = vi.hoisted(() => ({ fail: false }));
vi.mock('../../../../functions/providers/registry/mail', async (importOriginal) =>
  (await import('../../failing-mail')).failingMailRegistry(await importOriginal(), mail),
);

const SENDER = sampleAddress('Ann Sender', '78701');
const BUYER = { ...sampleAddress('Bo Receiver', '10001', '2 Elm St'), city: 'New York', state: 'NY' };

let ann: Account;
let bob: Account;
/** The outbound recipient's email, new in each test (the outbox is the file's, shared by its tests). */
let bo: string;
beforeEach(async () => {
  mail.fail = false;
  bo = `bo-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  watchCarrierAnew();
  [ann, bob] = await Promise.all([newAccount('user', 'return'), newAccount('user', 'return')]);
  await creditWallet(ann, 2000);
});
afterEach(async () => {
  await expectLedgerInvariant(ann.id);
});

/** Ann's outbound label from SENDER to BUYER (with the buyer's email unless `email` is null): $6.00. */
async function outbound(email: string | null = bo): Promise<string> {
  const res = await invoke('POST /shipping/create-label', {
    token: ann.token,
    headers: { 'idempotency-key': idempotencyKey() },
    body: sampleLabelOrder({ from: SENDER, to: { ...BUYER, ...(email ? { email } : {}) } }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json as { label: { shipOrderId: string } }).label.shipOrderId;
}
const balance = async (account: Account = ann) => (await getUserById(account.id, { consistent: true }))?.balanceCents;
const entriesOf = async (orderId: string) =>
  (await listUserEntries(ann.id, { limit: 100 })).items.filter((e) => e.orderId === orderId).map((e) => [e.type, e.amountCents, e.status]);

describe('POST /shipping/orders/{shipOrderId}/return: the quote', () => {
  it('answers 409 with the return quote and its price, made as a return at the carrier, and buys nothing', async () => {
    const id = await outbound();
    const before = await balance();
    const res = await withoutWritesButCounts(() => askReturn(ann, id));

    expect(res.statusCode).toBe(409);
    expect(res.json).toMatchObject({ message: CONFIRM_PRICE, priceCents: 600, quote: { quoteId: expect.any(String) } });
    const asked = carrierWatch.quote.mock.calls.at(-1)![0];
    expect(asked).toMatchObject({ isReturn: true, from: BUYER, to: SENDER });
    // Only the outbound was bought.
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
    expect(await balance()).toBe(before);
  });

  it("answers 409 saying why, with no quote to buy, when the carrier does not offer the shipment's service for the way back", async () => {
    const id = await outbound();
    carrierWatch.quote.mockImplementationOnce(async (req) =>
      req.services.map((s) => ({ service: s.id, offered: false as const, reason: 'No service to that ZIP.' })),
    );
    const res = await withoutWritesButCounts(() => askReturn(ann, id));
    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual({ message: `${NOT_OFFERED} No service to that ZIP.` });
  });
});

describe('POST /shipping/orders/{shipOrderId}/return: paid now', () => {
  it('buys the label from the buyer back to the sender, charges the quoted price with its ledger entry and links it to its outbound', async () => {
    const id = await outbound();
    const { quoteId, priceCents } = await returnQuote(ann, id);
    const res = await askReturn(ann, id, { quoteId, payment: 'now' });

    expect(res.statusCode, res.body).toBe(201);
    const { label, balanceCents } = res.json as { label: Record<string, unknown> & { shipOrderId: string }; balanceCents: number };
    expect(label).toMatchObject({ status: 'created', priceCents, from: BUYER, to: SENDER, returnOf: id, returnEmail: bo, toEmail: null });
    expect(balanceCents).toBe(2000 - 600 - priceCents);
    expect(await balance()).toBe(2000 - 600 - priceCents);

    const stored = await getOrder(ann.id, label.shipOrderId);
    expect(stored).toMatchObject({ returnOf: id, status: 'created', from: BUYER, to: SENDER, paymentMethod: 'credits', quote: { id: expect.any(String) } });
    expect((await getOrder(ann.id, id))?.returnIds).toEqual([label.shipOrderId]);
    expect(await entriesOf(label.shipOrderId)).toEqual([['label', -priceCents, 'completed']]);
    expect(carrierWatch.buyLabel.mock.calls.at(-1)![0]).toMatchObject({ isReturn: true, orderId: label.shipOrderId, from: BUYER, to: SENDER });

    // Listed with its outbound: the return names it, and the outbound names its returns.
    const list = await invoke('GET /shipping/orders', { token: ann.token });
    const orders = (list.json as { orders: { shipOrderId: string; returnOf?: string; returns?: string[] }[] }).orders;
    expect(orders.find((o) => o.shipOrderId === id)?.returns).toEqual([label.shipOrderId]);
    expect(orders.find((o) => o.shipOrderId === label.shipOrderId)?.returnOf).toBe(id);
  });

  it('answers a repeated Idempotency-Key with the first return, charging once', async () => {
    const id = await outbound();
    const { quoteId } = await returnQuote(ann, id);
    const key = idempotencyKey();
    const first = await askReturn(ann, id, { quoteId }, key);
    const again = await askReturn(ann, id, { quoteId }, key);

    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect((again.json as { label: unknown }).label).toEqual((first.json as { label: unknown }).label);
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(2);
    expect(await balance()).toBe(2000 - 600 - 600);
  });

  it("mails the label's link to the outbound recipient, and the link serves the PDF without signing in", async () => {
    const id = await outbound();
    const res = await buyReturn(ann, id);
    expect(res.statusCode, res.body).toBe(201);

    const [mail] = await listOutbox({ to: bo });
    expect(mail?.subject).toBe('Your prepaid return label from Ann Sender');
    const token = /return-label\?token=([^\s]+)/.exec(mail?.text ?? '')?.[1];
    expect(token).toBeDefined();
    const pdf = await invoke('GET /shipping/return-label', { query: { token: decodeURIComponent(token!) } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers?.['content-type']).toBe('application/pdf');
    expect(
      Buffer.from(pdf.body ?? '', 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const returnId = (res.json as { label: { shipOrderId: string } }).label.shipOrderId;
    expect((await getOrder(ann.id, returnId))?.downloadedAt).toEqual(expect.any(String));

    // A link whose token was altered names nothing.
    expect((await invoke('GET /shipping/return-label', { query: { token: `${decodeURIComponent(token!)}x` } })).statusCode).toBe(404);
  });

  it("mails the address given instead of the recipient's, and mails nobody when no address is known", async () => {
    await creditWallet(ann, 1000);
    const withEmail = await outbound();
    const back = `back-${bo}`;
    expect((await buyReturn(ann, withEmail, { email: back })).statusCode).toBe(201);
    expect((await listOutbox({ to: back })).map((m) => m.subject)).toEqual(['Your prepaid return label from Ann Sender']);
    expect(await listOutbox({ to: bo })).toEqual([]);

    const without = await outbound(null);
    const res = await buyReturn(ann, without);
    expect(res.statusCode).toBe(201);
    expect((res.json as { label: Record<string, unknown> }).label.returnEmail).toBeUndefined();
  });

  it('keeps a mail that failed queued for the scheduled retry, which sends it once; a suppressed address gets none', async () => {
    await creditWallet(ann, 1000);
    const id = await outbound();
    mail.fail = true;
    const res = await buyReturn(ann, id);
    expect(res.statusCode).toBe(201);
    const returnId = (res.json as { label: { shipOrderId: string } }).label.shipOrderId;
    expect(await listOutbox({ to: bo })).toEqual([]);
    expect(await getNotice(returnId, 'recipient_return_label')).toMatchObject({ mailedAt: null, mailDue: expect.any(String) });

    mail.fail = false;
    await retryNotices(logger, new Date(Date.now() + 120_000));
    await retryNotices(logger, new Date(Date.now() + 86_400_000));
    expect((await listOutbox({ to: bo })).map((m) => m.subject)).toEqual(['Your prepaid return label from Ann Sender']);
    expect(await getNotice(returnId, 'recipient_return_label')).toMatchObject({ outcome: 'sent' });

    const quiet = `quiet-${bo}`;
    await suppressRecipient(quiet);
    const second = await buyReturn(ann, await outbound(), { email: quiet });
    expect(second.statusCode).toBe(201);
    expect(await listOutbox({ to: quiet })).toEqual([]);
    expect(await getNotice((second.json as { label: { shipOrderId: string } }).label.shipOrderId, 'recipient_return_label')).toMatchObject({
      outcome: 'suppressed',
    });
  });

  it('refunds the charge when the carrier fails after it, like a label', async () => {
    const id = await outbound();
    const { quoteId } = await returnQuote(ann, id);
    carrierWatch.buyLabel.mockRejectedValueOnce(new ProviderUnavailable('EasyPost', 'POST /v2/shipments answered HTTP 503'));
    const res = await askReturn(ann, id, { quoteId });

    expect(res.statusCode).toBe(502);
    const returnId = (await getOrder(ann.id, id))!.returnIds![0]!;
    expect(await getOrder(ann.id, returnId)).toMatchObject({ status: 'failed', returnOf: id });
    expect((await entriesOf(returnId)).sort()).toEqual([
      ['label', -600, 'completed'],
      ['refund', 600, 'completed'],
    ]);
    expect(await balance()).toBe(1400);
    expect(await listOutbox({ to: bo })).toEqual([]);
  });
});

describe('POST /shipping/orders/{shipOrderId}/return: refusals change nothing', () => {
  it("answers 404 for another user's shipment, even with a quote of it", async () => {
    const id = await outbound();
    const { quoteId } = await returnQuote(ann, id);
    await creditWallet(bob, 2000);
    const res = await withoutWrites(() => askReturn(bob, id, { quoteId }));
    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ message: 'Order not found' });
    expect(await balance(bob)).toBe(2000);
  });

  it('answers 409 for a refunded outbound', async () => {
    const id = await outbound();
    const { quoteId } = await returnQuote(ann, id);
    await requestRefund(ann.id, id, logger);
    expect((await getOrder(ann.id, id))?.status).not.toBe('created');
    const res = await withoutWrites(() => askReturn(ann, id, { quoteId }));
    expect(res.statusCode).toBe(409);
    expect(res.json).toEqual({ message: NOT_RETURNABLE });
  });

  it('places nothing when the outbound is refunded between the check and the purchase (the placing transaction checks it)', async () => {
    const id = await outbound();
    const { quoteId } = await returnQuote(ann, id);
    const seen = (await getOrder(ann.id, id))!;
    await requestRefund(ann.id, id, logger);
    const before = await balance();
    await expect(buyWithCredits(ann.id, returnForm(seen, quoteId), idempotencyKey(), logger, {}, { outbound: seen })).rejects.toThrow(OUTBOUND_CHANGED);
    expect(await balance()).toBe(before);
    expect((await getOrder(ann.id, id))?.returnIds).toBeUndefined();
    expect(carrierWatch.buyLabel).toHaveBeenCalledTimes(1);
  });

  it('answers 400 for a return of a return label', async () => {
    const id = await outbound();
    const returnId = ((await buyReturn(ann, id)).json as { label: { shipOrderId: string } }).label.shipOrderId;
    const res = await withoutWrites(() => askReturn(ann, returnId));
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: RETURN_OF_RETURN });
  });

  it('answers 400 for pay on use, naming why', async () => {
    const id = await outbound();
    const { quoteId } = await returnQuote(ann, id);
    const res = await withoutWrites(() => askReturn(ann, id, { quoteId, payment: 'on_use' }));
    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: ON_USE_REFUSED, fields: { payment: ON_USE_REFUSED } });
  });

  it.each([
    ['an unknown field', { priceCents: 1 }],
    ['a bad email', { email: 'not-an-email' }],
    ['an unknown payment', { payment: 'later' }],
    ['a quoteId that is no text', { quoteId: 42 }],
  ])('answers 400 for %s', async (_name, body) => {
    const id = await outbound();
    const res = await withoutWrites(() => askReturn(ann, id, body));
    expect(res.statusCode).toBe(400);
    expect(carrierWatch.quote).not.toHaveBeenCalled();
  });

  it('answers 400 without an Idempotency-Key and 400 for a forged quote', async () => {
    const id = await outbound();
    const noKey = await withoutWrites(() => invoke('POST /shipping/orders/{shipOrderId}/return', { token: ann.token, params: { shipOrderId: id }, body: {} }));
    expect(noKey.statusCode).toBe(400);
    const forged = await withoutWrites(() => askReturn(ann, id, { quoteId: 'eyJhbGciOiJIUzI1NiJ9.e30.x' }));
    expect(forged.statusCode).toBe(400);
  });

  it('answers 402 with the shortfall when the balance is short, and charges nothing', async () => {
    const id = await outbound();
    const { quoteId, priceCents } = await returnQuote(ann, id);
    // Spend the wallet down to less than the return's price.
    for (let i = 0; i < 2; i++) await outbound();
    const before = await balance();
    expect(before).toBeLessThan(priceCents);
    const res = await withoutWrites(() => askReturn(ann, id, { quoteId }));
    expect(res.statusCode).toBe(402);
    expect(res.json).toMatchObject({ shortfallCents: expect.any(Number) });
    expect(await balance()).toBe(before);
  });
});
