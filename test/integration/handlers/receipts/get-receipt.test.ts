/**
 * GET /receipts/{receipt} against DynamoDB Local through the real handlers: a PDF receipt for each
 * kind of completed entry (top-up, label by id and by its shipment's id, refund, paid-out
 * withdrawal, a card-paid label and a paid shortfall), saying the amount, the payment method and
 * the balance after it; the balance after
 * the newest entry is the stored balance; nothing for a pending entry, another user's, an unknown
 * id or a path without `.pdf`.
 */
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedgerEntry } from '../../../../domain/api/wallet';
import { resetConfigForTests } from '../../../../functions/config';
import { getLocalCheckout } from '../../../../functions/data/local-checkouts';
import { getUserById } from '../../../../functions/data/users';
import { getEntry, newEntry, putPendingEntry } from '../../../../functions/wallet/ledger';
import { pdfTextRuns } from '../../../unit/providers/carrier/pdf-text';
import { ledgerOf } from '../../ledger-invariant';
import { sampleLabelOrder } from '../../../fixtures/label-order';
import { buyLabel, idempotencyKey, invoke, newAccount, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { deliverSigned, stripeEvent } from '../payments/payments';
import { expectVerifiedUserOnly } from '../answers';
import { withoutWrites } from '../table-changes';

const NO_RECEIPT = { message: 'No receipt for this transaction' };

let ann: Account;
let bob: Account;
let admin: Account;
beforeEach(async () => {
  // The seller comes from the settings (functions/config.ts).
  vi.stubEnv('SELLER_NAME', 'Receipt Test Shipping LLC');
  vi.stubEnv('SELLER_ADDRESS', '100 Sample Street; New York, NY 10001');
  resetConfigForTests();
  [ann, bob, admin] = await Promise.all([newAccount('user', 'receipt'), newAccount('user', 'receipt'), newAccount('admin', 'receipt')]);
});

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const get = (receipt: string, token: string | null = ann.token) =>
  withoutWrites(() => invoke('GET /receipts/{receipt}', { token: token ?? undefined, params: { receipt } }));

/** The receipt's PDF and its text, after checking it is a one-page PDF. */
async function receipt(id: string, token = ann.token): Promise<{ text: string; disposition: string }> {
  const res = await get(`${id}.pdf`, token);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers?.['content-type']).toBe('application/pdf');
  const bytes = Buffer.from(res.body ?? '', 'base64');
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
  expect((await PDFDocument.load(bytes)).getPageCount()).toBe(1);
  return { text: (await pdfTextRuns(bytes)).join('\n'), disposition: String(res.headers?.['content-disposition']) };
}

/** The account's stored ledger entries (raw items), typed as far as these tests read them. */
const entriesOf = async (account: Account) => (await ledgerOf(account.id)).entries as unknown as Pick<LedgerEntry, 'id' | 'type' | 'orderId'>[];

describe('GET /receipts/{receipt}', () => {
  it('gives a top-up and a label receipt with seller, amount, method and the balance after each', async () => {
    const label = await buyLabel(ann); // a $20.00 card top-up, then a $6.00 label from the wallet
    const entries = await entriesOf(ann);
    const topUp = entries.find((e) => e.type === 'topup')!;
    const debit = entries.find((e) => e.type === 'label')!;

    const top = await receipt(topUp.id);
    expect(top.disposition).toBe(`attachment; filename="receipt-${topUp.id}.pdf"`);
    for (const line of [
      'RECEIPT',
      `Receipt number ${topUp.id}`,
      'Receipt Test Shipping LLC',
      '100 Sample Street',
      'New York, NY 10001',
      'Wallet top-up',
      'Amount paid',
      '$20.00',
      'Card',
      'Balance after',
    ])
      expect(top.text).toContain(line);
    expect(top.text).toMatch(/Date [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M ET/);
    expect(top.text).toMatch(/Balance after\n\$20\.00/);

    const bought = await receipt(debit.id);
    for (const line of ['Shipping label', label.tracking, label.shipOrderId, 'Wallet credits', '$6.00']) expect(bought.text).toContain(line);
    expect(bought.text).toMatch(/Balance after\n\$14\.00/);
    // The shipment's id answers the same receipt (the Shipping Labels page links it so).
    const undated = (text: string) => text.replace(/^Date .*$/m, '');
    expect(undated((await receipt(label.shipOrderId)).text)).toBe(undated(bought.text));
    expect((await getUserById(ann.id))?.balanceCents).toBe(1400);
  });

  it('gives a refund receipt and a paid-out withdrawal receipt, each with the balance the wallet showed then', async () => {
    const label = await buyLabel(ann); // balance 14.00
    expect((await invoke('POST /shipping/orders/{shipOrderId}/refund', { token: ann.token, params: { shipOrderId: label.shipOrderId } })).statusCode).toBe(200);
    const asked = await invoke('POST /wallet/withdrawals', { token: ann.token, body: { amount: 5 } });
    expect(asked.statusCode, asked.body).toBe(201); // 20.00 - 5.00 held = 15.00 spendable
    const id = String(asked.json?.id);
    // Pending: no receipt yet.
    expect((await get(`${id}.pdf`)).json).toEqual(NO_RECEIPT);
    const paid = await invoke('POST /admin/withdrawals/{id}/approve', { token: admin.token, params: { id }, body: { note: 'Bank transfer 42' } });
    expect(paid.statusCode, paid.body).toBe(200);

    const refund = (await entriesOf(ann)).find((e) => e.type === 'refund')!;
    const refunded = await receipt(refund.id);
    for (const line of ['Label refund', 'Amount refunded', '$6.00', 'Credited to the wallet', label.tracking]) expect(refunded.text).toContain(line);
    expect(refunded.text).toMatch(/Balance after\n\$20\.00/);

    const out = await receipt(id);
    for (const line of ['Withdrawal (paid out)', 'Amount paid out', '$5.00']) expect(out.text).toContain(line);
    // Paying out changes nothing spendable: the hold had already taken it; so it equals the stored balance.
    expect(out.text).toMatch(/Balance after\n\$15\.00/);
    expect((await getUserById(ann.id))?.balanceCents).toBe(1500);
  });

  it('names the card on a card-paid label, and the card and the wallet on a paid shortfall', async () => {
    // A label paid by card: its top-up (tied to the order) and its debit cancel out.
    const started = await invoke('POST /stripe/create-checkout-session', {
      token: ann.token,
      body: { amount: 1, metadata: { orderDetails: sampleLabelOrder({ paymentMethod: 'purchase' }) } },
    });
    expect(started.statusCode, started.body).toBe(200);
    const cardCheckout = (await getLocalCheckout(String(started.json?.id)))!;
    expect((await deliverSigned(stripeEvent(cardCheckout, 'paid'))).statusCode).toBe(200);
    const cardOrderId = String((await getEntry(ann.id, cardCheckout.entryId))?.orderId);

    const byCard = await receipt(cardOrderId);
    for (const line of ['Shipping label', 'Amount paid', '$6.00', 'Card', cardOrderId]) expect(byCard.text).toContain(line);
    expect(byCard.text).toMatch(/Payment method\nCard\n/);
    expect(byCard.text).toMatch(/Balance after\n\$0\.00/);
    const payment = await receipt(cardCheckout.entryId);
    expect(payment.text).toContain('Card payment of a shipping label');
    expect(payment.text).toMatch(/Balance after\n\$6\.00/);

    // $2.50 in the wallet, the $3.50 shortfall paid by card.
    await creditWallet(ann, 250);
    const short = await invoke('POST /shipping/create-label', {
      token: ann.token,
      headers: { 'idempotency-key': idempotencyKey() },
      body: sampleLabelOrder({ payShortfall: true }),
    });
    expect(short.statusCode, short.body).toBe(201);
    const orderId = String((short.json?.label as { shipOrderId: string }).shipOrderId);
    const pending = (await entriesOf(ann)).find((e) => e.orderId === orderId)!;
    const shortCheckout = (await getLocalCheckout(String((await getEntry(ann.id, pending.id))?.providerRef)))!;
    expect((await deliverSigned(stripeEvent(shortCheckout, 'paid'))).statusCode).toBe(200);

    const mixed = await receipt(orderId);
    expect(mixed.text).toContain('Card $3.50 + wallet credits $2.50');
    expect(mixed.text).toMatch(/Balance after\n\$0\.00/);
    expect((await getUserById(ann.id))?.balanceCents).toBe(0);
  });

  it("answers 404 for another user's entry or shipment, an unknown id, a pending entry, and a path without .pdf", async () => {
    const label = await buyLabel(ann);
    const debit = (await entriesOf(ann)).find((e) => e.type === 'label')!;
    const pending = newEntry(ann, { amountCents: 700, type: 'topup', creditType: 'Card', paymentType: 'CARD', provider: 'stripe' });
    await putPendingEntry(pending);

    for (const [receiptParam, token] of [
      [`${debit.id}.pdf`, bob.token],
      [`${label.shipOrderId}.pdf`, bob.token],
      [`${debit.id}.pdf`, admin.token],
      ['01ARZ3NDEKTSV4RRFFQ69G5FAV.pdf', ann.token],
      [`${pending.id}.pdf`, ann.token],
      [debit.id, ann.token],
      [`${debit.id}.PDF.pdf`, ann.token],
      ['x'.repeat(3000), ann.token],
    ] as const) {
      const res = await get(receiptParam, token);
      expect(res.statusCode, receiptParam).toBe(404);
      expect(res.json).toEqual(NO_RECEIPT);
    }
  });

  it('is for verified users only', async () => {
    await expectVerifiedUserOnly((token) => get('01ARZ3NDEKTSV4RRFFQ69G5FAV.pdf', token), ann.otpToken);
  });
});
