/**
 * SCAN forms: a shipper's USPS PS 5630 forms, and the claim each puts on its labels.
 *
 *   form   pk USER#<userId>  sk SCANFORM#<formId>  id, createdAt, shipDate, from, orderIds, trackingNumbers,
 *                                                  carrierRef, pdfKey
 *   label  the order's own item (./orders.ts) gets scanFormId = <formId>
 *
 * A label is on at most one form: the form's item and the claim of every label are one
 * TransactWrite, written once the carrier made the form, each claim conditioned on the label being
 * usable (status `created`, so neither refunded nor refund-asked) and on no form yet. Of two
 * requests racing for a label one commits and the other is cancelled whole, its carrier form never
 * answered to anyone. Nothing is stored before the carrier answers, so a failure leaves no label
 * held by a form that does not exist. The form ids are ulids: newest first.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Address } from '../../domain/schemas/addresses';
import { batchGet, db, tableName, transact, type Step } from './client';
import { orderKey } from './orders';
import { decodeCursor, encodeCursor, type Page } from './pagination';

const formKey = (userId: string, formId: string) => ({ pk: `USER#${userId}`, sk: `SCANFORM#${formId}` });

/** A label as the end of a shipping day reads it from its order. */
export interface DayOrder {
  id: string;
  status: string;
  shipDate: string;
  from: Address;
  tracking: string | null;
  carrierRef: string | null;
  scanFormId?: string;
}

export interface ScanForm {
  id: string;
  userId: string;
  createdAt: string;
  shipDate: string;
  from: Address;
  orderIds: string[];
  trackingNumbers: string[];
  /** The carrier's id of the form. */
  carrierRef: string;
  /** Where its PDF is in the label store. */
  pdfKey: string;
}

const DAY_ORDER_FIELDS = 'id, #status, shipDate, #from, tracking, carrierRef, scanFormId';
const DAY_ORDER_NAMES = { '#status': 'status', '#from': 'from' };

const dayOrderOf = (i: Record<string, unknown>): DayOrder => ({
  id: i.id as string,
  status: i.status as string,
  shipDate: i.shipDate as string,
  from: i.from as Address,
  tracking: (i.tracking as string | null | undefined) ?? null,
  carrierRef: (i.carrierRef as string | null | undefined) ?? null,
  ...(typeof i.scanFormId === 'string' ? { scanFormId: i.scanFormId } : {}),
});

/** The caller's orders of `orderIds` that exist, in the order asked, read consistently (a refund asked a moment ago is seen). */
export async function dayOrders(userId: string, orderIds: readonly string[]): Promise<DayOrder[]> {
  const ids = [...new Set(orderIds)];
  const found = new Map(
    (
      await batchGet(
        ids.map((id) => orderKey(userId, id)),
        { consistent: true },
      )
    ).map((i) => [i.id as string, dayOrderOf(i)]),
  );
  return ids.flatMap((id) => found.get(id) ?? []);
}

/**
 * The user's usable labels of ship date `date` on no form yet, newest first: every page of the
 * user's orders is read, the filter sparing what comes back. The origin is matched by the caller.
 */
export async function unformedLabelsOf(userId: string, date: string): Promise<DayOrder[]> {
  const found: DayOrder[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const out = await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :order)',
        FilterExpression: '#status = :created AND shipDate = :date AND attribute_not_exists(scanFormId)',
        ProjectionExpression: DAY_ORDER_FIELDS,
        ExpressionAttributeNames: DAY_ORDER_NAMES,
        ExpressionAttributeValues: { ':pk': `USER#${userId}`, ':order': 'ORDER#', ':created': 'created', ':date': date },
        ScanIndexForward: false,
        ExclusiveStartKey: start,
      }),
    );
    found.push(...(out.Items ?? []).map(dayOrderOf));
    start = out.LastEvaluatedKey;
  } while (start);
  return found;
}

/** The claim of one label by form `formId`: it must still be usable and on no form. */
const claimStep = (userId: string, orderId: string, formId: string): Step => ({
  name: 'scanForm.label',
  item: {
    Update: {
      TableName: tableName(),
      Key: orderKey(userId, orderId),
      UpdateExpression: 'SET scanFormId = :form',
      ConditionExpression: 'attribute_exists(pk) AND #status = :created AND attribute_not_exists(scanFormId)',
      ExpressionAttributeNames: { '#status': 'status' },
      ExpressionAttributeValues: { ':form': formId, ':created': 'created' },
    },
  },
});

/**
 * Stores a form the carrier made with the claim of each of its labels, in one transaction; false
 * when a label was taken by another form, refunded or asked to be in the meantime (nothing written).
 */
export async function storeForm(form: ScanForm): Promise<boolean> {
  const put: Step = {
    name: 'scanForm.form',
    item: {
      Put: { TableName: tableName(), Item: { ...formKey(form.userId, form.id), entity: 'scanForm', ...form }, ConditionExpression: 'attribute_not_exists(pk)' },
    },
  };
  return (await transact([put, ...form.orderIds.map((id) => claimStep(form.userId, id, form.id))])).ok;
}

const fromItem = (i: Record<string, unknown>): ScanForm => ({
  id: i.id as string,
  userId: i.userId as string,
  createdAt: i.createdAt as string,
  shipDate: i.shipDate as string,
  from: i.from as Address,
  orderIds: i.orderIds as string[],
  trackingNumbers: i.trackingNumbers as string[],
  carrierRef: i.carrierRef as string,
  pdfKey: i.pdfKey as string,
});

/** One of the user's forms, or undefined. */
export async function getScanForm(userId: string, formId: string): Promise<ScanForm | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: formKey(userId, formId) }));
  return Item ? fromItem(Item) : undefined;
}

/** A page of the user's forms, newest first. */
export async function listScanForms(userId: string, page: { limit: number; cursor?: string }): Promise<Page<ScanForm>> {
  const scope = { pk: `USER#${userId}` };
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :form)',
      ExpressionAttributeValues: { ':pk': scope.pk, ':form': 'SCANFORM#' },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, scope, undefined, { sk: 'SCANFORM#' }),
    }),
  );
  return { items: (out.Items ?? []).map(fromItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}
