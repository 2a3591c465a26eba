/**
 * Sandbox card refunds: what the local Stripe stand-in (providers/payments/sandbox-checkout.ts)
 * records when a withdrawal pays a card top-up back, so the local product approves end to end.
 *
 *   refund  pk LOCALREFUND#<idempotency key>  sk LOCALREFUND
 *           id (`re_local_<ulid>`), paymentIntent, amountCents, metadata, createdAt
 *
 * Kept once per idempotency key, as Stripe keeps its keys: the same key answers the first refund,
 * and the same key with another payment or amount is refused, as Stripe refuses it.
 */
import { ProviderUnavailable } from '../errors';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';

export interface LocalRefund {
  id: string;
  idempotencyKey: string;
  paymentIntent: string;
  amountCents: number;
  metadata: Record<string, string>;
  createdAt: string;
}

const refundKey = (idempotencyKey: string) => ({ pk: `LOCALREFUND#${idempotencyKey}`, sk: 'LOCALREFUND' });

/** The refund recorded under `idempotencyKey`, or undefined. */
export async function getLocalRefund(idempotencyKey: string): Promise<LocalRefund | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: refundKey(idempotencyKey), ConsistentRead: true }));
  return Item as LocalRefund | undefined;
}

/** Records a refund once per idempotency key and answers the one recorded. */
export async function saveLocalRefund(refund: Omit<LocalRefund, 'createdAt'>): Promise<LocalRefund> {
  const item: LocalRefund = { ...refund, createdAt: new Date().toISOString() };
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...refundKey(refund.idempotencyKey), entity: 'localRefund', ...item },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return item;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  const first = await getLocalRefund(refund.idempotencyKey);
  if (!first || first.paymentIntent !== refund.paymentIntent || first.amountCents !== refund.amountCents) {
    throw new ProviderUnavailable('Stripe', `sandbox refund key ${refund.idempotencyKey} was used for another refund`);
  }
  return first;
}
