/**
 * A refunded label's money goes back where it came from (functions/labels/card-refunds.ts), against
 * DynamoDB Local with the sandbox carrier and the sandbox Stripe: a label paid by card is refunded
 * to its card (a refund recorded under `label-refund-<orderId>` for its PaymentIntent), a credits
 * label to the wallet, a shortfall order's card payment to its card and the rest to the wallet.
 * Stripe refusing (a disputed payment) sends the whole price to the wallet; a disputed payment is
 * never sent to Stripe; Stripe out of reach leaves the refund pending with its plan, and the
 * scheduled settlement makes the card refund once. Stripe's `charge.refunded` for our own refund
 * debits nothing more.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { getLocalCheckout } from '../../../../functions/data/local-checkouts';
import { getLocalRefund } from '../../../../functions/data/local-refunds';
import { getOrder } from '../../../../functions/data/orders';
import { listOutbox } from '../../../../functions/data/outbox';
import { ProviderUnavailable, RefundRefused } from '../../../../functions/errors';
import { settleRefunds } from '../../../../functions/labels/label-refunds';
import { logger } from '../../../../functions/observability/logger';
import { SandboxCardCheckout } from '../../../../functions/providers/payments/sandbox-checkout';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { pdfTextRuns } from '../../../unit/providers/carrier/pdf-text';
import { ledgerOf } from '../../ledger-invariant';
import { expectUserConsistent } from '../../reliability/helpers';
import { buyLabel, idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { deliverSigned, signedStripeEvent, stripeDispute, stripeEvent, stripeRefundedCharge } from '../payments/payments';

const DAY_MS = 86_400_000;

let ann: Account;
beforeEach(async () => {
  ann = await newAccount('user', 'card-refund');
});
afterEach(async () => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  resetConfigForTests();
  // Nothing left for the scheduled work: every refund of the test settled, each once.
  await settleRefunds(logger, new Date(Date.now() + 365 * DAY_MS));
  await expectUserConsistent(ann.id, { settled: true });
});

const balance = async () => (await ledgerOf(ann.id)).balanceCents;
/** The entries of one order, as [type, cents, status], sorted. */
const entriesOf = async (orderId: string) =>
  (await ledgerOf(ann.id)).entries
    .filter((e) => e.orderId === orderId)
    .map((e) => [e.type, e.amountCents, e.status])
    .sort();
const paymentOf = async (orderId: string) => (await ledgerOf(ann.id)).entries.find((e) => e.type === 'topup' && e.orderId === orderId)!;
const refund = (shipOrderId: string) => invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId } });
const lastMail = async () => (await listOutbox({ to: ann.email }))[0];

/** Pays a checkout in the sandbox as its page does: Stripe's signed `checkout.session.completed`. */
async function pay(checkoutId: string): Promise<void> {
  const checkout = await getLocalCheckout(checkoutId);
  if (!checkout) throw new Error('the sandbox recorded no checkout');
  expect((await deliverSigned(stripeEvent(checkout, 'paid'))).statusCode).toBe(200);
}

/** A $6 label (plus any extras in `over`) bought by card through the checkout route and the sandbox's payment: its order id. */
async function labelPaidByCard(over: Record<string, unknown> = {}): Promise<string> {
  const started = await invoke('POST /stripe/create-checkout-session', {
    token: ann.token,
    body: { metadata: { orderDetails: sampleLabelOrder({ paymentMethod: 'purchase', ...over }) } },
  });
  expect(started.statusCode, started.body).toBe(200);
  await pay(String(started.json?.id));
  const orderId = String((await ledgerOf(ann.id)).entries.find((e) => e.type === 'label')?.orderId);
  expect((await getOrder(ann.id, orderId))?.status).toBe('created');
  return orderId;
}

describe('the refund of a label paid by card', () => {
  it('gives back the whole price of a label with extras: the card paid postage, signature and insurance, and gets all of it back', async () => {
    const orderId = await labelPaidByCard({ signature: 'signature', insuredValueCents: 10_000, labelText: ['Order 9'] });
    // $6.00 USPS Priority, Signature Confirmation $3.65, $100 insured at $0.80.
    expect(await getOrder(ann.id, orderId)).toMatchObject({ priceCents: 1045, extras: { signatureCents: 365, insuranceCents: 80 } });
    const res = await refund(orderId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ status: 'refunded', refund: { toCardCents: 1045 } });
    expect(await getLocalRefund(`label-refund-${orderId}`)).toMatchObject({ amountCents: 1045 });
    expect(await entriesOf(orderId)).toEqual([
      ['card_refund', -1045, 'completed'],
      ['label', -1045, 'completed'],
      ['refund', 1045, 'completed'],
      ['topup', 1045, 'completed'],
    ]);
    expect(await balance()).toBe(0);
  });

  it('goes back to the card: a Stripe refund of its PaymentIntent for the price, the wallet unchanged overall, a card_refund entry, the mail and the answer say so', async () => {
    await creditWallet(ann, 1000);
    const orderId = await labelPaidByCard();
    const payment = await paymentOf(orderId);
    expect(await balance()).toBe(1000);

    const res = await refund(orderId);

    expect(res.statusCode, res.body).toBe(200);
    expect(res.json).toMatchObject({ status: 'refunded', refund: { toCardCents: 600 } });
    const made = await getLocalRefund(`label-refund-${orderId}`);
    expect(made).toMatchObject({ paymentIntent: payment.paymentIntent, amountCents: 600, metadata: { orderId, topUpId: payment.id, userId: ann.id } });
    expect(await getOrder(ann.id, orderId)).toMatchObject({
      status: 'refunded',
      cardRefundCents: 600,
      cardRefundEntryId: payment.id,
      cardRefundIntent: payment.paymentIntent,
      cardRefundId: made?.id,
    });
    // The wallet is where it was before the purchase: the card's money left with the card refund.
    expect(await balance()).toBe(1000);
    expect(await entriesOf(orderId)).toEqual([
      ['card_refund', -600, 'completed'],
      ['label', -600, 'completed'],
      ['refund', 600, 'completed'],
      ['topup', 600, 'completed'],
    ]);
    // The payment counts the refund as ours, so no later refund or withdrawal asks Stripe for it again.
    expect((await paymentOf(orderId)).refundedCents).toBe(600);
    const debit = (await ledgerOf(ann.id)).entries.find((e) => e.type === 'card_refund');
    expect(debit?.reason).toMatch(/\$6\.00 back to the card you paid with\.$/);
    const mail = await lastMail();
    expect(mail?.subject).toBe('Your label refund is complete');
    expect(mail?.text).toContain('$6.00 was refunded to the card you paid with; your bank shows it within 5 to 10 business days.');
    expect(mail?.text).not.toContain('wallet');

    // The wallet's transactions list the card refund with its reason.
    const listed = await invoke('GET /hoodpay/transactions', { token: ann.token, query: { type: 'card_refund' } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(JSON.stringify(listed.json)).toContain('back to the card you paid with');
    // The refund's receipt says where its money went on.
    const credit = (await ledgerOf(ann.id)).entries.find((e) => e.type === 'refund' && e.orderId === orderId);
    const receipt = await invoke('GET /receipts/{receipt}', { token: ann.token, params: { receipt: `${String(credit?.id)}.pdf` } });
    expect(receipt.statusCode, receipt.body).toBe(200);
    const text = (await pdfTextRuns(Buffer.from(receipt.body ?? '', 'base64'))).join('\n');
    expect(text).toContain('Credited to the wallet; $6.00 back to the card');
  });

  it("debits nothing more when Stripe's charge.refunded for our own refund arrives, however often", async () => {
    const orderId = await labelPaidByCard();
    expect((await refund(orderId)).statusCode).toBe(200);
    const payment = await paymentOf(orderId);
    const before = await ledgerOf(ann.id);

    const event = signedStripeEvent('charge.refunded', stripeRefundedCharge(String(payment.paymentIntent), 600, 600));
    for (let i = 0; i < 2; i++) expect((await deliverSigned(event)).statusCode).toBe(200);

    const after = await ledgerOf(ann.id);
    expect(after.balanceCents).toBe(before.balanceCents);
    expect(after.entries.length).toBe(before.entries.length);
    expect((await paymentOf(orderId)).externalRefundedCents ?? 0).toBe(0);
  });

  it('sends back only what a dashboard refund left of the payment, the rest of the price to the wallet', async () => {
    await creditWallet(ann, 1000);
    const orderId = await labelPaidByCard();
    const payment = await paymentOf(orderId);
    // Our support team refunded $2.00 of the label's payment from Stripe's dashboard: the wallet was debited it.
    expect((await deliverSigned(signedStripeEvent('charge.refunded', stripeRefundedCharge(String(payment.paymentIntent), 600, 200)))).statusCode).toBe(200);
    expect(await balance()).toBe(800);

    const res = await refund(orderId);

    expect(res.json).toMatchObject({ status: 'refunded', refund: { toCardCents: 400 } });
    expect(await getLocalRefund(`label-refund-${orderId}`)).toMatchObject({ amountCents: 400 });
    expect(await balance()).toBe(1000);
    // Stripe's figure then counts both refunds: nothing more is debited.
    expect((await deliverSigned(signedStripeEvent('charge.refunded', stripeRefundedCharge(String(payment.paymentIntent), 600, 600)))).statusCode).toBe(200);
    expect(await balance()).toBe(1000);
  });

  it('goes to the wallet for a label paid by credits: no card refund', async () => {
    const label = await buyLabel(ann);
    // Downloaded, so the refund waits for the carrier (a label never downloaded is credited when asked).
    expect((await invoke('GET /shipping/download-order/{shipOrderId}', { token: ann.token, params: { shipOrderId: label.shipOrderId } })).statusCode).toBe(200);
    const before = await balance();

    const res = await refund(label.shipOrderId);

    expect(res.json).toMatchObject({ status: 'refunded', refund: { toCardCents: 0 } });
    expect(await balance()).toBe(before + 600);
    expect(await getLocalRefund(`label-refund-${label.shipOrderId}`)).toBeUndefined();
    expect(await entriesOf(label.shipOrderId)).toEqual([
      ['label', -600, 'completed'],
      ['refund', 600, 'completed'],
    ]);
    expect((await lastMail())?.text).toContain('$6.00 is back in your PrepaidShip wallet.');
  });

  it("splits a shortfall order's refund: the card's payment to the card, the rest to the wallet", async () => {
    await creditWallet(ann, 200);
    const orderId = await labelWithShortfall();
    expect(await balance()).toBe(0);

    const res = await refund(orderId);

    expect(res.json).toMatchObject({ status: 'refunded', refund: { toCardCents: 400 } });
    expect(await getLocalRefund(`label-refund-${orderId}`)).toMatchObject({ amountCents: 400, paymentIntent: (await paymentOf(orderId)).paymentIntent });
    expect(await balance()).toBe(200);
    expect(await entriesOf(orderId)).toEqual([
      ['card_refund', -400, 'completed'],
      ['label', -600, 'completed'],
      ['refund', 600, 'completed'],
      ['topup', 400, 'completed'],
    ]);
    expect((await lastMail())?.text).toContain(
      '$4.00 was refunded to the card you paid with (your bank shows it within 5 to 10 business days), and $2.00 is back in your PrepaidShip wallet.',
    );
  });

  it('goes to the wallet when Stripe refuses for good: the reservation given back, the shipper told why', async () => {
    const orderId = await labelPaidByCard();
    const before = await balance();
    vi.spyOn(SandboxCardCheckout.prototype, 'refund').mockRejectedValueOnce(new RefundRefused('Stripe', 'charge_disputed', 'refunds.create failed (test)'));

    const res = await refund(orderId);

    expect(res.json).toMatchObject({ status: 'refunded', refund: { toCardCents: 0 } });
    expect(await getOrder(ann.id, orderId)).toMatchObject({ cardRefundCents: 600, cardRefundRefused: 'charge_disputed' });
    expect(await balance()).toBe(before + 600);
    expect(await entriesOf(orderId)).toEqual([
      ['label', -600, 'completed'],
      ['refund', 600, 'completed'],
      ['topup', 600, 'completed'],
    ]);
    expect((await paymentOf(orderId)).refundedCents).toBe(0);
    const text = (await lastMail())?.text;
    expect(text).toContain('We could not refund $6.00 to the card you paid with (charge_disputed), so the whole price went to your wallet.');
    expect(text).toContain('$6.00 is back in your PrepaidShip wallet.');
  });

  it("never asks Stripe to refund a disputed payment: the price goes to the wallet, where the dispute's hold takes it", async () => {
    const orderId = await labelPaidByCard();
    const payment = await paymentOf(orderId);
    expect(
      (await deliverSigned(signedStripeEvent('charge.dispute.created', stripeDispute(String(payment.paymentIntent), 600, 'needs_response')))).statusCode,
    ).toBe(200);
    expect(await balance()).toBe(-600);
    const asked = vi.spyOn(SandboxCardCheckout.prototype, 'refund');

    const res = await refund(orderId);

    expect(res.json).toMatchObject({ status: 'refunded', refund: { toCardCents: 0 } });
    expect(asked).not.toHaveBeenCalled();
    expect(await balance()).toBe(0);
    expect((await ledgerOf(ann.id)).disputedCents).toBe(600);
    expect((await lastMail())?.text).toContain('The card payment for this label is disputed at your bank, so its refund went to your wallet instead.');
  });

  it('stays pending with its plan when Stripe cannot answer, and the scheduled settlement makes the card refund once', async () => {
    const orderId = await labelPaidByCard();
    const before = await balance();
    const asked = vi
      .spyOn(SandboxCardCheckout.prototype, 'refund')
      .mockRejectedValueOnce(new ProviderUnavailable('Stripe', 'refunds.create failed: socket hang up'));

    const res = await refund(orderId);

    // The carrier refunded the label; only the card's part waits, reserved, and no money moved yet.
    expect(res.json).toMatchObject({ status: 'refund_pending', refund: { toCardCents: null } });
    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'refund_pending', cardRefundCents: 600 });
    expect((await paymentOf(orderId)).refundedCents).toBe(600);
    expect(await getLocalRefund(`label-refund-${orderId}`)).toBeUndefined();
    expect(await balance()).toBe(before);

    const later = new Date(Date.now() + DAY_MS);
    expect(await settleRefunds(logger, later)).toMatchObject({ refunded: 1 });
    expect(await settleRefunds(logger, new Date(later.getTime() + DAY_MS))).toMatchObject({ refunded: 0 });

    expect(asked).toHaveBeenCalledTimes(2);
    expect(asked.mock.calls.map(([r]) => r.idempotencyKey)).toEqual([`label-refund-${orderId}`, `label-refund-${orderId}`]);
    expect(await getLocalRefund(`label-refund-${orderId}`)).toMatchObject({ amountCents: 600 });
    expect(await getOrder(ann.id, orderId)).toMatchObject({ status: 'refunded', cardRefundId: expect.stringMatching(/^re_local_/) });
    expect(await balance()).toBe(before);
    expect(await entriesOf(orderId)).toEqual([
      ['card_refund', -600, 'completed'],
      ['label', -600, 'completed'],
      ['refund', 600, 'completed'],
      ['topup', 600, 'completed'],
    ]);
  });
});

/** A $6 credits label with $2 in the wallet, its $4 shortfall paid by card: its order id. */
async function labelWithShortfall(): Promise<string> {
  const res = await invoke('POST /shipping/create-label', {
    token: ann.token,
    headers: { 'idempotency-key': idempotencyKey() },
    body: sampleLabelOrder({ payShortfall: true }),
  });
  expect(res.statusCode, res.body).toBe(201);
  const url = String(res.json?.checkoutUrl);
  await pay(url.slice(url.lastIndexOf('/') + 1));
  const orderId = String((res.json?.label as { shipOrderId: string }).shipOrderId);
  expect((await getOrder(ann.id, orderId))?.status).toBe('created');
  return orderId;
}
