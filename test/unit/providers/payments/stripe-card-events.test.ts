/**
 * Reading Stripe's dispute and refund events into what the wallet settles, on Stripe's own dispute
 * and charge fixtures (test/fixtures/stripe): the PaymentIntent that finds our top-up, the amount,
 * how a closed dispute ended, and what is not ours or not settled (another currency, no
 * PaymentIntent, a closing status Stripe does not document as one, another event type).
 */
import { describe, expect, it } from 'vitest';
import type Stripe from 'stripe';
import { cardMoneyEvent } from '../../../../functions/providers/payments/stripe-card-events';
import disputeFixture from '../../../fixtures/stripe/dispute.json';
import chargeFixture from '../../../fixtures/stripe/charge.json';
import eventFixture from '../../../fixtures/stripe/event.json';

const event = (type: string, object: Record<string, unknown>) => ({ ...eventFixture, type, data: { object } }) as unknown as Stripe.Event;
const dispute = (over: Record<string, unknown> = {}) => ({ ...disputeFixture, payment_intent: 'pi_123', ...over });
const charge = (over: Record<string, unknown> = {}) => ({ ...chargeFixture, payment_intent: 'pi_123', amount: 2500, amount_refunded: 1000, ...over });

describe('cardMoneyEvent', () => {
  it('reads charge.dispute.created as a dispute opened: its id, PaymentIntent, amount and reason', () => {
    expect(cardMoneyEvent(event('charge.dispute.created', dispute()))).toEqual({
      kind: 'dispute.opened',
      disputeId: 'dp_1Pgc71B7WZ01zgkWMevJiAUx',
      paymentIntent: 'pi_123',
      amountCents: 1000,
      reason: 'general',
    });
  });

  it('reads an expanded PaymentIntent by its id', () => {
    expect(cardMoneyEvent(event('charge.dispute.created', dispute({ payment_intent: { id: 'pi_456', object: 'payment_intent' } })))).toMatchObject({
      paymentIntent: 'pi_456',
    });
  });

  it.each([
    ['won', 'won'],
    ['warning_closed', 'won'],
    ['lost', 'lost'],
  ] as const)('reads charge.dispute.closed with status %s as %s', (status, outcome) => {
    expect(cardMoneyEvent(event('charge.dispute.closed', dispute({ status })))).toMatchObject({ kind: 'dispute.closed', outcome, amountCents: 1000 });
  });

  it.each(['needs_response', 'under_review', 'warning_needs_response'])('settles no closing with status %s (not a closing)', (status) => {
    expect(cardMoneyEvent(event('charge.dispute.closed', dispute({ status })))).toBeUndefined();
  });

  it('reads charge.refunded as everything refunded of the charge so far', () => {
    expect(cardMoneyEvent(event('charge.refunded', charge()))).toEqual({
      kind: 'charge.refunded',
      chargeId: 'ch_1PgafuB7WZ01zgkWXYmPNZs8',
      paymentIntent: 'pi_123',
      refundedCents: 1000,
    });
  });

  it.each([
    ['a dispute without a PaymentIntent (Stripe\u2019s fixture as is)', event('charge.dispute.created', { ...disputeFixture })],
    ['a dispute in another currency', event('charge.dispute.created', dispute({ currency: 'eur' }))],
    ['a dispute of no amount', event('charge.dispute.created', dispute({ amount: 0 }))],
    ['a dispute of a fractional amount', event('charge.dispute.created', dispute({ amount: 10.5 }))],
    ['a charge without a PaymentIntent', event('charge.refunded', { ...chargeFixture })],
    ['a charge in another currency', event('charge.refunded', charge({ currency: 'gbp' }))],
    ['a charge with a negative refunded figure', event('charge.refunded', charge({ amount_refunded: -5 }))],
    ['another event type (Stripe\u2019s plan.created fixture)', eventFixture as unknown as Stripe.Event],
  ])('answers undefined for %s', (_what, e) => {
    expect(cardMoneyEvent(e)).toBeUndefined();
  });
});
