/**
 * What the local controls (./local-routes.ts) need that the product never does: a label found by
 * its id alone (the product always reads an order under its owner's key), and a small JSON body.
 */
import type { IncomingMessage } from 'node:http';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Order } from '../../domain/api/orders';
import { db, tableName } from '../../functions/data/client';
import { getOrder } from '../../functions/data/orders';
import { readBody } from './lambda-front';

/**
 * The order `shipOrderId`, whoever owns it: a Scan of the local table for its key, which only a
 * developer's machine can afford (the table holds what one developer or one test run made).
 */
export async function findOrderAnywhere(shipOrderId: string): Promise<Order | undefined> {
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new ScanCommand({
        TableName: tableName(),
        FilterExpression: 'sk = :sk',
        ProjectionExpression: 'pk',
        ExpressionAttributeValues: { ':sk': `ORDER#${shipOrderId}` },
        ExclusiveStartKey: start,
      }),
    );
    const pk: unknown = out.Items?.[0]?.pk;
    if (typeof pk === 'string' && pk.startsWith('USER#')) return getOrder(pk.slice('USER#'.length), shipOrderId);
    start = out.LastEvaluatedKey;
  } while (start);
  return undefined;
}

/** The request's JSON body; undefined when it is too large or not JSON (the caller's schema then refuses it). */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const body = await readBody(req);
  if (!Buffer.isBuffer(body)) return undefined;
  try {
    return JSON.parse(body.toString('utf8') || '{}');
  } catch {
    return undefined;
  }
}
