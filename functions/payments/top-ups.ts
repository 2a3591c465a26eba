/**
 * Starting a payment, shared by the card (Stripe) and crypto (Hoodpay) top-ups and the card label
 * purchase: record the pending entry first, then ask the provider, so every payment a provider ever
 * sees has an entry to settle; if the provider cannot start it, the entry is marked failed and the
 * caller told to retry. A label's card payment is a top-up entry tied to the order: when it settles,
 * the label's debit follows in the same transaction (functions/data/orders.ts settleCardOrder).
 */
import { config } from '../config';
import { attachProviderRef, failPendingEntry, newEntry, putPendingEntry, type LedgerEntry, type PaymentProvider } from '../data/ledger';
import { getUserById, type User } from '../data/users';
import { Unauthorized } from '../errors';
import type { CheckoutPurpose, CheckoutRequest } from '../providers/payments/payments';

/** Where checkout sends the payer back: the wallet page, which waits for the webhook's credit. */
export const walletReturnUrls = () => {
  const wallet = new URL('/user-dashboard/transactions', config().APP_URL);
  return {
    successUrl: `${wallet}?checkout=success`,
    cancelUrl: `${wallet}?checkout=cancelled`,
  };
};

export async function startPayment<T extends { ref: string }>(input: {
  userId: string;
  amountCents: number;
  creditType: string;
  paymentType: string;
  provider: PaymentProvider;
  /** A top-up, or the card payment of the label order `orderId`. */
  purpose?: CheckoutPurpose;
  orderId?: string;
  description?: string;
  /** Asks the provider for the payment; its `ref` is the provider's id for it. */
  start: (request: CheckoutRequest, user: User, entry: LedgerEntry) => Promise<T>;
}): Promise<T> {
  const user = await getUserById(input.userId);
  if (!user) throw new Unauthorized();
  const entry = newEntry(user, {
    amountCents: input.amountCents,
    type: 'topup',
    creditType: input.creditType,
    paymentType: input.paymentType,
    provider: input.provider,
    orderId: input.orderId,
  });
  await putPendingEntry(entry);
  let started: T;
  try {
    started = await input.start(
      {
        userId: user.id,
        email: user.email,
        entryId: entry.id,
        purpose: input.purpose ?? 'topup',
        amountCents: entry.amountCents,
        description: input.description ?? 'PrepaidShip wallet top-up',
        ...walletReturnUrls(),
      },
      user,
      entry,
    );
  } catch (err) {
    // The caller must learn the provider's failure, even if marking the entry fails too: an entry
    // left pending moves no money and no provider payment exists for it to settle.
    await failPendingEntry(user.id, entry.id).catch(() => undefined);
    throw err;
  }
  await attachProviderRef(entry, input.provider, started.ref);
  return started;
}
