/**
 * Postage adjustments: what the carrier charged (or gave back) for a label after USPS weighed and
 * measured it, kept beside the shipper with the evidence, and the claim that makes each carrier
 * invoice count once however often its event arrives.
 *
 *   adjustment  pk USER#<userId>  sk POSTADJ#<ulid>  shipOrderId, tracking, service, amountCents
 *               (the wallet's debit, or a credit when below zero), reason, declared, measured,
 *               carrierRef, entryId (its ledger entry), createdAt, disputedAt, supportRequestId,
 *               and its mail's try fields (./mail-tries.ts): while unsent gsi3 WORK#adjustment
 *   invoice     pk POSTADJREF#<carrierRef>  sk POSTADJREF  userId, shipOrderId, chargedCents (the
 *               invoice's adjustment charged so far), updatedAt
 *
 * The carrier's invoice event carries its whole adjustment, not a change: an event whose total
 * equals `chargedCents` is a replay and changes nothing; another total records the difference (the
 * carrier raised or lowered it), conditioned on the `chargedCents` read, in the same transaction as
 * the wallet's entry (functions/postage/adjustments.ts).
 */
import { ulid } from 'ulid';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ApiPostageAdjustment, ParcelFacts } from '../../domain/api/adjustments';
import { db, tableName, type Step } from './client';
import { claimMailTry as claimQueuedMail, markMailSent, unsentMailFields } from './mail-tries';
import { decodeCursor, encodeCursor, type Page } from './pagination';
import { dueItems } from './work-index';

export interface PostageAdjustment extends ApiPostageAdjustment {
  userId: string;
  /** The carrier's invoice it came from (EasyPost's ShipmentInvoice id). */
  carrierRef: string;
  mailedAt: string | null;
  mailTries: number;
  mailDue?: string;
}

const adjustmentKey = (userId: string, id: string) => ({ pk: `USER#${userId}`, sk: `POSTADJ#${id}` });
const invoiceKey = (carrierRef: string) => ({ pk: `POSTADJREF#${carrierRef}`, sk: 'POSTADJREF' });

const fromItem = (item: Record<string, unknown>): PostageAdjustment => {
  const { pk: _pk, sk: _sk, entity: _e, gsi3pk: _w, gsi3sk: _d, ...adjustment } = item;
  return { disputedAt: null, supportRequestId: null, mailTries: 0, mailedAt: null, ...adjustment } as PostageAdjustment;
};

/** What the carrier said of one label's invoice, read from its event. */
/** The answer's view of a stored adjustment (its owner, carrier reference and mail fields stay inside). */
export const toApiAdjustment = (a: PostageAdjustment): ApiPostageAdjustment => ({
  id: a.id,
  shipOrderId: a.shipOrderId,
  tracking: a.tracking,
  service: a.service,
  amountCents: a.amountCents,
  reason: a.reason,
  declared: a.declared,
  measured: a.measured,
  createdAt: a.createdAt,
  entryId: a.entryId,
  disputedAt: a.disputedAt,
  supportRequestId: a.supportRequestId,
});

export interface CarrierInvoice {
  carrierRef: string;
  /** The invoice's whole adjustment so far, in cents. */
  totalCents: number;
  reason: string;
  measured: ParcelFacts | null;
}

/** How much of `carrierRef`'s adjustment was charged so far (0 when never seen). */
export async function chargedSoFar(carrierRef: string): Promise<{ chargedCents: number; seen: boolean }> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: invoiceKey(carrierRef), ConsistentRead: true }));
  return { chargedCents: typeof Item?.chargedCents === 'number' ? Item.chargedCents : 0, seen: Boolean(Item) };
}

/**
 * The steps that record a new adjustment of `amountCents` (the difference between the invoice's
 * total and what was charged before): the invoice moves from `before` to its total only if it still
 * holds `before` (`postage.invoice` fails otherwise: a concurrent or replayed event won), and the
 * adjustment is stored waiting for its mail. The wallet's steps join them in the caller.
 */
export function recordAdjustmentSteps(
  input: Omit<PostageAdjustment, 'id' | 'createdAt' | 'disputedAt' | 'supportRequestId' | 'mailedAt' | 'mailTries' | 'mailDue'>,
  before: { chargedCents: number; seen: boolean },
  totalCents: number,
  now: Date,
): { adjustment: PostageAdjustment; steps: Step[] } {
  const id = ulid(now.getTime());
  const { gsi3pk, gsi3sk, ...unsent } = unsentMailFields('adjustment', id, now);
  const adjustment: PostageAdjustment = { ...input, id, createdAt: now.toISOString(), disputedAt: null, supportRequestId: null, ...unsent };
  const invoice: Step = before.seen
    ? {
        name: 'postage.invoice',
        item: {
          Update: {
            TableName: tableName(),
            Key: invoiceKey(input.carrierRef),
            UpdateExpression: 'SET chargedCents = :total, updatedAt = :now',
            ConditionExpression: 'chargedCents = :before',
            ExpressionAttributeValues: { ':total': totalCents, ':now': adjustment.createdAt, ':before': before.chargedCents },
          },
        },
      }
    : {
        name: 'postage.invoice',
        item: {
          Put: {
            TableName: tableName(),
            Item: {
              ...invoiceKey(input.carrierRef),
              entity: 'postageInvoice',
              userId: input.userId,
              shipOrderId: input.shipOrderId,
              chargedCents: totalCents,
              updatedAt: adjustment.createdAt,
            },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
      };
  const record: Step = {
    name: 'postage.adjustment',
    item: {
      Put: {
        TableName: tableName(),
        Item: { ...adjustmentKey(input.userId, id), entity: 'postageAdjustment', ...adjustment, gsi3pk, gsi3sk },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  };
  return { adjustment, steps: [invoice, record] };
}

export async function getAdjustment(userId: string, id: string): Promise<PostageAdjustment | undefined> {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: adjustmentKey(userId, id), ConsistentRead: true }));
  return Item ? fromItem(Item) : undefined;
}

/** A user's adjustments, newest first (ulids sort by time). */
export async function listAdjustments(userId: string, page: { limit: number; cursor?: string }): Promise<Page<PostageAdjustment>> {
  const scope = { pk: `USER#${userId}` };
  const out = await db.send(
    new QueryCommand({
      TableName: tableName(),
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :adj)',
      ExpressionAttributeValues: { ':pk': scope.pk, ':adj': 'POSTADJ#' },
      ScanIndexForward: false,
      Limit: page.limit,
      ExclusiveStartKey: decodeCursor(page.cursor, scope, undefined, { sk: 'POSTADJ#' }),
    }),
  );
  return { items: (out.Items ?? []).map(fromItem), nextCursor: encodeCursor(out.LastEvaluatedKey) };
}

/** The step that marks an adjustment disputed by support request `requestId`, once (`postage.dispute` fails when it already was). */
export const disputeStep = (adjustment: Pick<PostageAdjustment, 'userId' | 'id'>, requestId: string, now: Date): Step => ({
  name: 'postage.dispute',
  item: {
    Update: {
      TableName: tableName(),
      Key: adjustmentKey(adjustment.userId, adjustment.id),
      UpdateExpression: 'SET disputedAt = :now, supportRequestId = :request',
      ConditionExpression: 'attribute_exists(pk) AND disputedAt = :null',
      ExpressionAttributeValues: { ':now': now.toISOString(), ':request': requestId, ':null': null },
    },
  },
});

/** The adjustment's mail went out: it leaves the mail queue. False when it had already been marked. */
export const markAdjustmentMailed = (a: Pick<PostageAdjustment, 'userId' | 'id'>, now = new Date()): Promise<boolean> =>
  markMailSent(adjustmentKey(a.userId, a.id), now);

/** Claims an unsent adjustment mail for one try (the scheduled work), moving its next try to `nextDue`. */
export const claimAdjustmentMail = (a: PostageAdjustment, nextDue: Date): Promise<boolean> =>
  claimQueuedMail(adjustmentKey(a.userId, a.id), 'adjustment', a.id, a.mailDue, nextDue);

/** Adjustments whose mail is due (its first try failed), earliest first. */
export const dueAdjustmentMails = async (now: Date, limit: number): Promise<PostageAdjustment[]> => (await dueItems('adjustment', now, limit)).map(fromItem);
