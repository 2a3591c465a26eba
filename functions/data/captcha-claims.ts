/**
 * One-time claims of captcha solutions. A solved altcha challenge is a bearer token until it expires;
 * claiming it here makes each one count once across every Lambda process (memory would not do: each
 * concurrent request may run in a different container).
 *
 *   claim  pk CAPTCHA#<id>  sk CAPTCHA  expiresAt <the challenge's expiry, epoch seconds>
 *
 * The TTL removes a claim only after its challenge has expired, when the signature check refuses it anyway.
 */
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { db, isConditionFailure, tableName } from './client';

export const captchaClaimKey = (id: string) => ({ pk: `CAPTCHA#${id}`, sk: 'CAPTCHA' });

/** Claims a solution by its id; true for the first claim, false when it was already claimed. */
export async function claimCaptchaSolution(id: string, expiresAtEpochSeconds: number): Promise<boolean> {
  try {
    await db.send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...captchaClaimKey(id), entity: 'captchaClaim', expiresAt: expiresAtEpochSeconds },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}
