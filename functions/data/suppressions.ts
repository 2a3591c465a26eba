/**
 * Addresses we no longer mail: a hard bounce (the mailbox does not exist) or a complaint (the person
 * marked our mail as spam), as SES reports them (functions/mail-feedback/). SES pauses an account
 * whose bounce or complaint rate climbs, and then no sign-in code reaches anyone, so a run of bad
 * addresses (typos, a sign-up bot) must stop being mailed after the first bounce.
 *
 *   suppression  pk SUPPRESSED#<lower email>  sk SUPPRESSED   email, reason (bounce | complaint),
 *                                                             detail (SES's bounce sub-type or
 *                                                             complaint type), feedbackId, suppressedAt
 *
 * One item per address, read by key on every send; the first report is kept (a later one only
 * repeats what is known). Nothing removes an item: an operator deletes it when a person proves the
 * address works again.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';
import { normalizeEmail } from './users';

export type SuppressionReason = 'bounce' | 'complaint';

export interface Suppression {
  email: string;
  reason: SuppressionReason;
  detail: string;
  feedbackId: string;
  suppressedAt: string;
}

export const suppressionKey = (email: string) => ({ pk: `SUPPRESSED#${normalizeEmail(email)}`, sk: 'SUPPRESSED' });

/** Records that an address is not to be mailed; false when it already was. */
export async function suppress(input: Omit<Suppression, 'suppressedAt'>, now = new Date()): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...suppressionKey(input.email), entity: 'suppression', ...input, email: normalizeEmail(input.email), suppressedAt: now.toISOString() },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** The suppression of an address, or undefined when it may be mailed. */
export async function getSuppression(email: string): Promise<Suppression | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: suppressionKey(email) }));
  if (!Item) return undefined;
  const { pk: _pk, sk: _sk, entity: _e, ...suppression } = Item;
  return suppression as Suppression;
}
