/**
 * Webhook endpoints: where an account's own software hears about its labels (functions/webhooks/).
 *
 *   endpoint  pk USER#<accountId>  sk HOOK#<id>
 *             id, url, events, secret, createdAt, disabledAt?, failingSince?
 *   count     pk USER#<accountId>  sk HOOKS        endpoints (how many are registered)
 *
 * All of an account's endpoints are one Query on its partition, which is how a purchase learns, in
 * one read, whether anyone listens to its event (functions/webhooks/outbox.ts). The signing secret
 * is kept as it is, not hashed: it is the HMAC key every delivery is signed with, so the sender must
 * be able to read it (docs/decisions/0223-webhook-secrets-kept-as-the-signing-key.md). The API
 * answers it once, at creation.
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiWebhook, CreatedWebhook } from '../../domain/api/webhooks';
import type { WebhookEvent } from '../../domain/webhook-events';
import { MAX_WEBHOOK_ENDPOINTS } from '../../domain/webhook-events';
import { Conflict, NotFound } from '../errors';
import { db, isConditionFailure, tableName, transact, type Step } from './client';
import { dueItems, workKeys } from './work-index';

export interface WebhookEndpoint extends ApiWebhook {
  accountId: string;
  secret: string;
}

export const NO_WEBHOOK = 'Webhook endpoint not found';
export const TOO_MANY_WEBHOOKS = `An account has at most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints`;

export const webhookKey = (accountId: string, id: string) => ({ pk: `USER#${accountId}`, sk: `HOOK#${id}` });

function fromItem(item: Record<string, unknown>): WebhookEndpoint {
  return {
    accountId: (item.pk as string).slice('USER#'.length),
    id: item.id as string,
    url: item.url as string,
    events: item.events as WebhookEvent[],
    secret: item.secret as string,
    createdAt: item.createdAt as string,
    ...(item.disabledAt ? { disabledAt: item.disabledAt as string } : {}),
    ...(item.failingSince ? { failingSince: item.failingSince as string } : {}),
  };
}

/** The endpoint as the API shows it: everything but the secret. */
export const toApiWebhook = ({ accountId: _account, secret: _secret, ...shown }: WebhookEndpoint): ApiWebhook => shown;

/** A new signing secret: 32 random bytes, prefixed so a leaked one is recognisable. */
const newSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** Every endpoint of the account, oldest first: one Query. */
export async function listWebhooks(accountId: string): Promise<WebhookEndpoint[]> {
  const { Items = [] } = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :hook)',
      ExpressionAttributeValues: { ':pk': `USER#${accountId}`, ':hook': 'HOOK#' },
      ConsistentRead: true,
    }),
  );
  return Items.map(fromItem).sort((a, b) => a.id.localeCompare(b.id));
}

/** One endpoint of the account, or undefined (also for another account's id). */
export async function getWebhook(accountId: string, id: string): Promise<WebhookEndpoint | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: webhookKey(accountId, id), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/**
 * Registers an endpoint; answers it with its secret, the only time the secret is shown. The limit
 * holds under concurrent registrations: a counter item is moved in the registration's transaction,
 * which requires it below the limit, and in every delete's. It also bounds the deliveries one event
 * adds to its change's transaction (DynamoDB takes at most 100 items in one). The endpoints are read
 * first as well, for a plain answer without a write.
 */
export async function createWebhook(accountId: string, body: { url: string; events: readonly WebhookEvent[] }): Promise<CreatedWebhook> {
  if ((await listWebhooks(accountId)).length >= MAX_WEBHOOK_ENDPOINTS) throw new Conflict(TOO_MANY_WEBHOOKS);
  const endpoint: WebhookEndpoint = {
    accountId,
    id: ulid(),
    url: body.url,
    events: [...new Set(body.events)],
    secret: newSecret(),
    createdAt: new Date().toISOString(),
  };
  const { accountId: _account, ...stored } = endpoint;
  const done = await transact([
    { name: 'webhook', item: { Put: { TableName: tableName(), Item: { ...webhookKey(accountId, endpoint.id), entity: 'webhookEndpoint', ...stored } } } },
    countStep(accountId, 1),
  ]);
  if (!done.ok) throw new Conflict(TOO_MANY_WEBHOOKS);
  return { ...toApiWebhook(endpoint), secret: endpoint.secret };
}

/** Moves the account's endpoint count by `by`; an increase requires it below the limit. */
const countStep = (accountId: string, by: 1 | -1): Step => ({
  name: 'webhook.count',
  item: {
    Update: {
      TableName: tableName(),
      Key: { pk: `USER#${accountId}`, sk: 'HOOKS' },
      UpdateExpression: 'SET entity = :entity ADD endpoints :by',
      ...(by > 0 ? { ConditionExpression: 'attribute_not_exists(endpoints) OR endpoints < :max' } : {}),
      ExpressionAttributeValues: { ':entity': 'webhookCount', ':by': by, ...(by > 0 ? { ':max': MAX_WEBHOOK_ENDPOINTS } : {}) },
    },
  },
});

/** Deletes an endpoint; its pending deliveries find it gone and stop. NotFound for an unknown id. */
export async function deleteWebhook(accountId: string, id: string): Promise<void> {
  const done = await transact([
    { name: 'webhook', item: { Delete: { TableName: tableName(), Key: webhookKey(accountId, id), ConditionExpression: 'attribute_exists(pk)' } } },
    countStep(accountId, -1),
  ]);
  if (!done.ok) throw new NotFound(NO_WEBHOOK);
}

/** A delivery succeeded: the endpoint is no longer failing. */
export async function markWebhookHealthy(endpoint: Pick<WebhookEndpoint, 'accountId' | 'id'>): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(endpoint.accountId, endpoint.id),
        UpdateExpression: 'REMOVE failingSince',
        ConditionExpression: 'attribute_exists(pk) AND attribute_exists(failingSince)',
      }),
    );
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
}

/** An attempt failed: the endpoint is failing since `now`, unless it already was. Answers since when. */
export async function markWebhookFailing(endpoint: Pick<WebhookEndpoint, 'accountId' | 'id'>, now: Date): Promise<string | undefined> {
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(endpoint.accountId, endpoint.id),
        UpdateExpression: 'SET failingSince = if_not_exists(failingSince, :now)',
        ConditionExpression: 'attribute_exists(pk)',
        ExpressionAttributeValues: { ':now': now.toISOString() },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes?.failingSince as string | undefined;
  } catch (err) {
    if (isConditionFailure(err)) return undefined;
    throw err;
  }
}

/**
 * Disables a failing endpoint, once: true only for the call that disabled it. The endpoint then
 * waits in the work index until its owner is mailed (functions/webhooks/retry.ts), so the worker
 * never sends mail itself and a mail that fails is tried again.
 */
export async function disableWebhook(endpoint: Pick<WebhookEndpoint, 'accountId' | 'id'>, now: Date): Promise<boolean> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: webhookKey(endpoint.accountId, endpoint.id),
        UpdateExpression: 'SET disabledAt = :now, gsi3pk = :work, gsi3sk = :due',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(disabledAt)',
        ExpressionAttributeValues: {
          ':now': now.toISOString(),
          ':work': workKeys('webhookDisabled', endpoint.id, now.toISOString()).gsi3pk,
          ':due': workKeys('webhookDisabled', endpoint.id, now.toISOString()).gsi3sk,
        },
      }),
    );
    return true;
  } catch (err) {
    if (isConditionFailure(err)) return false;
    throw err;
  }
}

/** Disabled endpoints whose owner is still to be mailed, before `now`. */
export async function disabledToMail(now: Date, limit: number): Promise<WebhookEndpoint[]> {
  return (await dueItems('webhookDisabled', now, limit)).map(fromItem);
}

/** The owner was mailed: the endpoint leaves the work index. */
export async function mailedAboutDisabling(endpoint: Pick<WebhookEndpoint, 'accountId' | 'id'>): Promise<void> {
  await db.send(new UpdateCommand({ TableName: tableName(), Key: webhookKey(endpoint.accountId, endpoint.id), UpdateExpression: 'REMOVE gsi3pk, gsi3sk' }));
}
