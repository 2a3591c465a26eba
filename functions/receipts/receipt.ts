/**
 * What a receipt says, worked out from the caller's own ledger: which entry it is
 * for, what it was, how it was paid and the balance after it. The drawing is ./draw-receipt.ts.
 *
 * A receipt is for a completed entry of the caller (a top-up, a label, a refund, a paid-out
 * withdrawal or an admin's adjustment); a pending, failed or cancelled one has none, like another
 * user's or an unknown id: all are the same 404, so ids cannot be probed. The id may also be a
 * shipment's (its shipOrderId): that answers the receipt of the label's purchase, its `label` debit
 * entry, so the Shipping Labels page links a receipt without the order answer carrying an entry id.
 *
 * Reads a handful of items whatever the length of the ledger: the user, the entry (by its key, or a
 * label's debit by its order on gsi2), the label, and the card payment or card refund tied to the
 * label when the entry is a label's debit or refund. The balance after is the one the wallet stored
 * on the entry. An entry written before the wallet stored it (until `npm run backfill:shards` has
 * run) is worked out from the whole ledger instead, as ./balance-after.ts defines it.
 */
import { isValid as isUlid } from 'ulid';
import type { Order } from '../../domain/api/orders';
import type { LedgerEntry } from '../../domain/api/wallet';
import { formatUsd } from '../../domain/money';
import { SIGNATURE_NAMES } from '../../domain/postage/extras';
import { findLabelType } from '../../domain/pricing';
import { config } from '../config';
import { getOrder } from '../data/orders';
import { getUserById } from '../data/users';
import { NotFound } from '../errors';
import { entriesOfOrder, getStoredEntry, listWholeLedger, type StoredEntry } from '../wallet/ledger';
import { balanceAfter } from './balance-after';

export const NO_RECEIPT_MESSAGE = 'No receipt for this transaction';

/** Everything printed on a receipt; amounts in cents. */
export interface Receipt {
  /** The receipt number: the ledger entry's id. */
  number: string;
  /** When the entry completed (ISO time); printed in US Eastern time. */
  completedAt: string;
  seller: { name: string; addressLines: string[] };
  customer: { name: string; email: string };
  /** What it was, as a title: "Wallet top-up", "Shipping label", ... */
  title: string;
  /** Label/value lines under the title (service, tracking, from/to, order id, reason). */
  details: [string, string][];
  /** The entry's signed amount (credits positive). */
  amountCents: number;
  /** How the amount is named: "Amount paid", "Amount refunded", ... (the amount is printed unsigned beside it). */
  amountLabel: string;
  paymentMethod: string;
  balanceAfterCents: number;
}

const TITLES: Record<LedgerEntry['type'], string> = {
  topup: 'Wallet top-up',
  label: 'Shipping label',
  refund: 'Label refund',
  withdrawal: 'Withdrawal (paid out)',
  adjustment: 'Wallet adjustment',
  dispute: 'Card payment disputed',
  card_refund: 'Card payment refunded',
  postage_adjustment: 'Postage adjustment',
};

/** The words before the unsigned amount. */
function amountLabelOf(entry: LedgerEntry): string {
  if (entry.type === 'refund') return 'Amount refunded';
  if (entry.type === 'withdrawal') return 'Amount paid out';
  if (entry.type === 'adjustment' || entry.type === 'postage_adjustment') return entry.amountCents < 0 ? 'Amount debited' : 'Amount credited';
  if (entry.type === 'dispute' || entry.type === 'card_refund') return 'Amount debited';
  return 'Amount paid';
}

/** How a card or crypto payment is named on the receipt. */
function providerPayment(entry: LedgerEntry): string {
  if (entry.provider === 'stripe') return 'Card';
  if (entry.provider === 'hoodpay') return entry.creditType === 'Bitcoin' ? 'Crypto (Bitcoin)' : 'Crypto';
  return 'Wallet credits';
}

/**
 * How the entry was paid: the card or crypto of a top-up, or the wallet, naming a card's part of a
 * label. `card`: the completed entry tied to the same label that a card paid (a label's top-up) or
 * got back (a refund's card_refund), when there is one.
 */
function paymentMethodOf(entry: LedgerEntry, card: LedgerEntry | undefined, order: Order | undefined): string {
  switch (entry.type) {
    case 'topup':
      return providerPayment(entry);
    case 'label': {
      // A card-paid label (or its card-paid shortfall) has a completed top-up tied to the same order.
      if (!card) return 'Wallet credits';
      if (order?.paymentMethod === 'purchase' || card.amountCents >= -entry.amountCents) return providerPayment(card);
      const rest = -entry.amountCents - card.amountCents;
      return `${providerPayment(card)} ${formatUsd(card.amountCents)} + wallet credits ${formatUsd(rest)}`;
    }
    case 'refund': {
      // A card-paid label's refund: its card part went on to the card (a `card_refund` tied to the same order).
      return card ? `Credited to the wallet; ${formatUsd(-card.amountCents)} back to the card` : 'Credited to the wallet';
    }
    case 'withdrawal':
      return 'Paid out from the wallet';
    case 'adjustment':
      return 'Wallet (adjusted by PrepaidShip)';
    case 'dispute':
      return 'Taken back by the card holder\u2019s bank';
    case 'card_refund':
      return 'Refunded to the card';
    case 'postage_adjustment':
      return entry.amountCents < 0 ? 'Wallet (charged by the carrier after weighing)' : 'Wallet (given back by the carrier)';
  }
}

/** A label's extras, each with its part of the price: the signature, the insurance, the shipper's text. */
function extrasLines(order: Order): [string, string][] {
  const extras = order.extras;
  if (!extras) return [];
  const lines: [string, string][] = [];
  if (extras.signature !== 'none') lines.push([SIGNATURE_NAMES[extras.signature], formatUsd(extras.signatureCents)]);
  if (extras.insuredValueCents) lines.push([`Insurance (${formatUsd(extras.insuredValueCents)} declared)`, formatUsd(extras.insuranceCents)]);
  extras.labelText.forEach((text, i) => lines.push([`Label text ${i + 1}`, text]));
  return lines;
}

/** The lines that say what the entry was for. */
function detailsOf(entry: LedgerEntry, order: Order | undefined): [string, string][] {
  const lines: [string, string][] = [];
  if (order) {
    lines.push(['Service', order.service ?? findLabelType(order.labelType)?.name ?? order.labelType]);
    if (order.tracking) lines.push(['Tracking', order.tracking]);
    lines.push(['From', order.from.name], ['To', order.to.name], ['Ship date', order.shipDate], ['Order', order.id]);
    lines.push(...extrasLines(order));
  } else if (entry.orderId) {
    lines.push(['Order', entry.orderId]);
  }
  if (entry.type === 'topup' && entry.orderId) lines.unshift(['For', 'Card payment of a shipping label']);
  if (entry.reason) lines.push(['Reason', entry.reason]);
  // A team's receipt says which of its people bought (functions/data/members.ts).
  if (entry.actedBy) lines.push(['By', entry.actedBy.email ? `${entry.actedBy.name} (${entry.actedBy.email})` : entry.actedBy.name]);
  return lines;
}

/** The seller's name and address lines (SELLER_ADDRESS separates lines with `;`). */
export function seller(): Receipt['seller'] {
  const { SELLER_NAME, SELLER_ADDRESS } = config();
  return {
    name: SELLER_NAME,
    addressLines: SELLER_ADDRESS.split(';')
      .map((l) => l.trim())
      .filter(Boolean),
  };
}

/** The type of the entry tied to the same label that says how a card took part in `entry`, if any. */
const cardPartType = (entry: LedgerEntry): LedgerEntry['type'] | undefined =>
  entry.orderId ? ({ label: 'topup', refund: 'card_refund' } as const)[entry.type as 'label' | 'refund'] : undefined;

/** What a receipt is worked out from: the entry, its label, the card's part, the balance after. */
interface Found {
  entry: StoredEntry;
  order: Order | undefined;
  card: LedgerEntry | undefined;
  balanceAfterCents: number;
}

/** The completed entry `id` names (its own id, or a label's for its debit), with what its receipt needs; undefined when none. */
async function findReceipt(userId: string, id: string): Promise<Found | undefined> {
  let entry = await getStoredEntry(userId, id);
  let order: Order | undefined;
  if (!entry) {
    order = await getOrder(userId, id);
    if (!order) return undefined;
    entry = (await entriesOfOrder(userId, id, 'label')).find((e) => e.status === 'completed');
    // No debit on the index: an order never paid (awaiting its card, or failed before it was paid)
    // has no receipt; a label bought before its entries were indexed by label has its receipt worked
    // out from the whole ledger. Any order debited since then is on the index.
    if (!entry) return order.status === 'awaiting_payment' || order.status === 'failed' ? undefined : fromWholeLedger(userId, id, order);
  }
  if (entry.status !== 'completed') return undefined;
  if (entry.balanceAfterCents === undefined) return fromWholeLedger(userId, id, order);
  const partType = cardPartType(entry);
  const [label, parts] = await Promise.all([
    order ?? (entry.orderId ? getOrder(userId, entry.orderId) : undefined),
    partType && entry.orderId ? entriesOfOrder(userId, entry.orderId, partType) : [],
  ]);
  return { entry, order: label, card: parts.find((e) => e.status === 'completed'), balanceAfterCents: entry.balanceAfterCents };
}

/** The same, for an entry from before the wallet stored the balance after: worked out from the user's whole ledger. */
async function fromWholeLedger(userId: string, id: string, known: Order | undefined): Promise<Found | undefined> {
  const ledger = await listWholeLedger(userId);
  const entry = ledger.find((e) => e.id === id) ?? ledger.find((e) => e.type === 'label' && e.orderId === id && e.status === 'completed');
  if (entry?.status !== 'completed') return undefined;
  const partType = cardPartType(entry);
  return {
    entry,
    order: known ?? (entry.orderId ? await getOrder(userId, entry.orderId) : undefined),
    card: partType && ledger.find((e) => e.type === partType && e.status === 'completed' && e.orderId === entry.orderId),
    balanceAfterCents: balanceAfter(ledger, entry),
  };
}

/**
 * The receipt of `id` (an entry id, or a shipment's id for its label purchase) for `userId`;
 * NotFound when the caller has no completed entry by that id.
 */
export async function receiptFor(userId: string, id: string): Promise<Receipt> {
  if (!isUlid(id)) throw new NotFound(NO_RECEIPT_MESSAGE);
  const [user, found] = await Promise.all([getUserById(userId), findReceipt(userId, id)]);
  if (!user || !found) throw new NotFound(NO_RECEIPT_MESSAGE);
  const { entry, order, card } = found;
  return {
    number: entry.id,
    completedAt: entry.completedAt ?? entry.createdAt,
    seller: seller(),
    customer: { name: user.name, email: user.email },
    title: TITLES[entry.type],
    details: detailsOf(entry, order),
    amountCents: entry.amountCents,
    amountLabel: amountLabelOf(entry),
    paymentMethod: paymentMethodOf(entry, card, order),
    balanceAfterCents: found.balanceAfterCents,
  };
}
