/**
 * Sandbox checkouts: what the local Stripe and Hoodpay stand-ins (providers/payments/sandbox-checkout.ts)
 * remember about a checkout they opened, so the page at /_local/checkout/<id> can show it and
 * complete or abandon it once.
 *
 *   checkout  pk LOCALCHECKOUT#<id>  sk LOCALCHECKOUT
 *             id, provider, userId, email, entryId, purpose, batchId?, amountCents, description, successUrl,
 *             cancelUrl, notifyUrl?, status (open | paid | cancelled), createdAt, closedAt?,
 *             expiresAt (createdAt + 2 days, TTL)
 *
 * The id is the provider-like id the sandbox hands out (`cs_test_local_<ulid>`, `hp_local_<ulid>`).
 * Closing is one conditional update on `status = open`, so a double click (or two tabs) pays once.
 */
import type { CheckoutPurpose } from '../providers/payments/payments';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';

export type LocalCheckoutProvider = 'stripe' | 'hoodpay';
export type LocalCheckoutStatus = 'open' | 'paid' | 'cancelled';

export interface LocalCheckout {
  id: string;
  provider: LocalCheckoutProvider;
  userId: string;
  email: string;
  entryId: string;
  purpose: CheckoutPurpose;
  /** Purpose `batch`: the batch the payment starts. */
  batchId?: string;
  amountCents: number;
  description: string;
  successUrl: string;
  cancelUrl: string;
  /** Hoodpay only: where the payment notification goes. */
  notifyUrl?: string;
  status: LocalCheckoutStatus;
  createdAt: string;
  /** TTL, epoch seconds. */
  expiresAt: number;
}

export type NewLocalCheckout = Omit<LocalCheckout, 'status' | 'createdAt' | 'expiresAt'>;

const KEEP_SECONDS = 2 * 24 * 60 * 60;

export const localCheckoutKey = (id: string) => ({ pk: `LOCALCHECKOUT#${id}`, sk: 'LOCALCHECKOUT' });

function fromItem(item: Record<string, unknown>): LocalCheckout {
  return {
    id: item.id as string,
    provider: item.provider === 'hoodpay' ? 'hoodpay' : 'stripe',
    userId: item.userId as string,
    email: item.email as string,
    entryId: item.entryId as string,
    purpose: item.purpose === 'label' || item.purpose === 'batch' ? item.purpose : 'topup',
    ...(typeof item.batchId === 'string' ? { batchId: item.batchId } : {}),
    amountCents: Number(item.amountCents),
    description: item.description as string,
    successUrl: item.successUrl as string,
    cancelUrl: item.cancelUrl as string,
    ...(typeof item.notifyUrl === 'string' ? { notifyUrl: item.notifyUrl } : {}),
    status: item.status === 'paid' || item.status === 'cancelled' ? item.status : 'open',
    createdAt: item.createdAt as string,
    expiresAt: Number(item.expiresAt),
  };
}

/** Stores a new, open sandbox checkout (kept 2 days); the id must be fresh. */
export async function saveLocalCheckout(input: NewLocalCheckout, now = new Date()): Promise<LocalCheckout> {
  const checkout: LocalCheckout = {
    ...input,
    status: 'open',
    createdAt: now.toISOString(),
    expiresAt: Math.floor(now.getTime() / 1000) + KEEP_SECONDS,
  };
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: { ...localCheckoutKey(checkout.id), entity: 'localCheckout', ...checkout },
      ConditionExpression: 'attribute_not_exists(pk)',
    }),
  );
  return checkout;
}

/** One sandbox checkout by id, or undefined. */
export async function getLocalCheckout(id: string): Promise<LocalCheckout | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: localCheckoutKey(id), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/**
 * Marks an open checkout paid or cancelled; false when it was not open (already closed, or unknown),
 * so of any number of concurrent closes exactly one returns true.
 */
export async function closeLocalCheckout(id: string, status: 'paid' | 'cancelled', now = new Date()): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: localCheckoutKey(id),
        UpdateExpression: 'SET #status = :status, closedAt = :now',
        ConditionExpression: '#status = :open',
        ExpressionAttributeNames: { '#status': 'status' },
        ExpressionAttributeValues: { ':status': status, ':open': 'open', ':now': now.toISOString() },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
