/** Sandbox checkout records on DynamoDB Local: stored and read back, closed once, whatever the race. */
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { closeLocalCheckout, getLocalCheckout, saveLocalCheckout, type NewLocalCheckout } from '../../functions/data/local-checkouts';
import { getCryptoCheckout } from '../../functions/providers/registry/payments';

const newCheckout = (over: Partial<NewLocalCheckout> = {}): NewLocalCheckout => ({
  id: `cs_test_local_${ulid()}`,
  provider: 'stripe',
  userId: ulid(),
  email: 'ann@example.com',
  entryId: ulid(),
  purpose: 'topup',
  amountCents: 1230,
  description: 'PrepaidShip wallet top-up',
  successUrl: 'http://localhost:3000/wallet?checkout=success',
  cancelUrl: 'http://localhost:3000/wallet?checkout=cancelled',
  ...over,
});

describe('local checkouts', () => {
  it('are stored open, expire after 2 days, and read back as stored', async () => {
    const now = new Date('2026-09-21T12:00:00.000Z');
    const input = newCheckout({ provider: 'hoodpay', id: `hp_local_${ulid()}`, notifyUrl: 'http://localhost:3000/hoodpay/webhook' });
    const saved = await saveLocalCheckout(input, now);
    expect(saved).toEqual({ ...input, status: 'open', createdAt: now.toISOString(), expiresAt: now.getTime() / 1000 + 2 * 24 * 3600 });
    expect(await getLocalCheckout(input.id)).toEqual(saved);
    expect(await getLocalCheckout(`cs_test_local_${ulid()}`)).toBeUndefined();
  });

  it('leave notifyUrl out when there is none', async () => {
    const input = newCheckout();
    await saveLocalCheckout(input);
    expect(await getLocalCheckout(input.id)).not.toHaveProperty('notifyUrl');
  });

  it('refuse a second record with the same id', async () => {
    const input = newCheckout();
    await saveLocalCheckout(input);
    await expect(saveLocalCheckout({ ...input, amountCents: 1 })).rejects.toThrow();
    expect((await getLocalCheckout(input.id))?.amountCents).toBe(1230);
  });

  it('close once: the second close, paid or cancelled, is refused and changes nothing', async () => {
    const input = newCheckout();
    await saveLocalCheckout(input);
    expect(await closeLocalCheckout(input.id, 'paid')).toBe(true);
    expect((await getLocalCheckout(input.id))?.status).toBe('paid');
    expect(await closeLocalCheckout(input.id, 'paid')).toBe(false);
    expect(await closeLocalCheckout(input.id, 'cancelled')).toBe(false);
    expect((await getLocalCheckout(input.id))?.status).toBe('paid');
  });

  it('cannot close a checkout that does not exist (and do not create one)', async () => {
    const id = `cs_test_local_${ulid()}`;
    expect(await closeLocalCheckout(id, 'cancelled')).toBe(false);
    expect(await getLocalCheckout(id)).toBeUndefined();
  });

  it('of many concurrent closes, exactly one wins', async () => {
    const input = newCheckout();
    await saveLocalCheckout(input);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => closeLocalCheckout(input.id, i % 2 === 0 ? 'paid' : 'cancelled')));
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results.indexOf(true) % 2 === 0 ? 'paid' : 'cancelled';
    expect((await getLocalCheckout(input.id))?.status).toBe(winner);
  });

  it('back the sandbox Hoodpay payment from creation to completion', async () => {
    const crypto = getCryptoCheckout();
    const { paymentId } = await crypto.createPayment({
      userId: ulid(),
      email: 'bob@example.com',
      entryId: ulid(),
      purpose: 'topup',
      amountCents: 2500,
      description: 'PrepaidShip wallet top-up',
      successUrl: 'http://localhost:3000/wallet',
      cancelUrl: 'http://localhost:3000/wallet',
      notifyUrl: 'http://localhost:3000/hoodpay/webhook',
    });
    expect(await crypto.getPayment(paymentId)).toEqual({ id: paymentId, status: 'pending', amountCents: 2500 });
    expect(await closeLocalCheckout(paymentId, 'paid')).toBe(true);
    expect(await crypto.getPayment(paymentId)).toEqual({ id: paymentId, status: 'completed', amountCents: 2500 });
  });
});
