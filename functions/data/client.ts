/**
 * The DynamoDB document client (the SDK v3's DynamoDBDocumentClient), made once per Lambda container
 * at module load and reused by every call. DYNAMODB_ENDPOINT points it at another DynamoDB (DynamoDB
 * Local, a container, a table in another account or region); in AWS it is unset. Its retries and
 * timeouts are chosen in ../providers/aws/client-settings.ts.
 */
import { DynamoDBClient, TransactionCanceledException, ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  type BatchGetCommandOutput,
  DynamoDBDocumentClient,
  TransactWriteCommand,
  type TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { clientSettings, DYNAMODB_LIMITS, isLocalEndpoint, LOCAL_CREDENTIALS, LOCAL_DYNAMODB_LIMITS } from '../providers/aws/client-settings';
import { config } from '../config';

const { DYNAMODB_ENDPOINT, AWS_REGION } = config();

const local = DYNAMODB_ENDPOINT !== undefined && isLocalEndpoint(DYNAMODB_ENDPOINT);

/** Plain JS objects in and out; undefined attributes dropped rather than failing the write. */
export const db = DynamoDBDocumentClient.from(
  new DynamoDBClient({
    region: AWS_REGION,
    ...(DYNAMODB_ENDPOINT ? { endpoint: DYNAMODB_ENDPOINT } : {}),
    ...(local ? { credentials: LOCAL_CREDENTIALS } : {}),
    ...clientSettings(local ? LOCAL_DYNAMODB_LIMITS : DYNAMODB_LIMITS),
  }),
  { marshallOptions: { removeUndefinedValues: true } },
);

/**
 * True when DynamoDB cancelled a transaction only because some of its conditions did not hold: an
 * answer about the data. Any other cancellation (a conflict with another transaction, throttling)
 * says nothing about the data and must reach the caller as an error to retry.
 */
export const onlyConditionsFailed = (err: TransactionCanceledException): boolean => {
  const codes = (err.CancellationReasons ?? []).map((r) => r.Code ?? 'None');
  return codes.includes('ConditionalCheckFailed') && codes.every((c) => c === 'None' || c === 'ConditionalCheckFailed');
};

const CONFLICT_TRIES = 4;
const CONFLICT_BACKOFF_MS = 25;

/**
 * DynamoDB cancels a transaction that touches an item another transaction is writing at that
 * moment (TransactionConflict) and no transport retry repeats it. Concurrent purchases by different
 * users meet on the shared stats shards, so such conflicts are routine: a cancelled transaction
 * wrote nothing, so it is sent again, a few times, after a short random pause.
 */
db.middlewareStack.add(
  (next, context) => async (args) => {
    if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
    for (let attempt = 1; ; attempt++) {
      try {
        return await next(args);
      } catch (err) {
        const conflict =
          err instanceof TransactionCanceledException &&
          (err.CancellationReasons ?? []).some((r) => r.Code === 'TransactionConflict') &&
          (err.CancellationReasons ?? []).every((r) => !r.Code || r.Code === 'None' || r.Code === 'TransactionConflict');
        if (!conflict || attempt >= CONFLICT_TRIES) throw err;
        await new Promise((r) => setTimeout(r, CONFLICT_BACKOFF_MS * attempt * (0.5 + Math.random())));
      }
    }
  },
  { step: 'initialize', name: 'retryTransactionConflicts' },
);

export const tableName = (): string => config().TABLE_NAME;

/** A single write whose ConditionExpression did not hold. */
export const isConditionFailure = (err: unknown): err is ConditionalCheckFailedException => err instanceof ConditionalCheckFailedException;

/** One item of a TransactWrite. */
export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/**
 * A transaction item with a name, so a cancelled transaction tells which of its conditions failed
 * by name (`'order.idempotency'`, `'wallet.balance'`) instead of by position in the list: adding
 * an item to a composed transaction can then never make a caller misread the answer.
 */
export interface Step {
  name: string;
  item: TransactItem;
}

/**
 * `step` (an Update) with `condition` added to its own, and the values that condition names: a
 * transition that must also find a fact still true when it commits (the savings month read, a
 * label never downloaded).
 */
export function guarded(step: Step, condition: string, values: Record<string, unknown> = {}): Step {
  const update = step.item.Update;
  if (!update) throw new Error(`step ${step.name} is no Update to guard`);
  return {
    ...step,
    item: {
      Update: {
        ...update,
        ConditionExpression: update.ConditionExpression ? `(${update.ConditionExpression}) AND ${condition}` : condition,
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ...values },
      },
    },
  };
}

/** Names the items of `items` (the stats counters, which carry no condition). */
export const steps = (name: string, items: readonly TransactItem[]): Step[] => items.map((item) => ({ name, item }));

/**
 * Runs the steps as one TransactWrite. `{ ok: true }` when it committed; when DynamoDB cancelled it
 * only because conditions did not hold, `{ ok: false, failed }` with the names of those steps (nothing
 * was written). Any other failure (throttling, a lost answer) is thrown for the caller to handle.
 */
export async function transact(list: readonly Step[]): Promise<{ ok: true } | { ok: false; failed: Set<string> }> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: list.map((s) => s.item) }));
    return { ok: true };
  } catch (err) {
    if (!(err instanceof TransactionCanceledException) || !onlyConditionsFailed(err)) throw err;
    const reasons = err.CancellationReasons ?? [];
    return { ok: false, failed: new Set(list.filter((_, i) => reasons[i]?.Code === 'ConditionalCheckFailed').map((s) => s.name)) };
  }
}

/**
 * Runs a transaction whose conditions say "still valid" (an unused code, an unexpired link); when
 * DynamoDB cancels it, `refusal` is thrown instead, and nothing was written.
 */
export async function transactOrRefuse(items: NonNullable<TransactWriteCommandInput['TransactItems']>, refusal: () => Error): Promise<void> {
  try {
    await db.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (err) {
    if (err instanceof TransactionCanceledException && onlyConditionsFailed(err)) throw refusal();
    throw err;
  }
}

/** BatchGetItem reads at most 100 keys a request. */
const BATCH_GET_MAX = 100;

/**
 * Reads `keys` with BatchGet, 100 keys a request (asking again for unprocessed keys), and returns
 * the items found, in no particular order. `consistent`: strongly consistent reads, for a decision
 * that must see a write made a moment ago.
 */
export async function batchGet(keys: Record<string, unknown>[], options: { consistent?: boolean } = {}): Promise<Record<string, unknown>[]> {
  if (keys.length > BATCH_GET_MAX) {
    const chunks = Array.from({ length: Math.ceil(keys.length / BATCH_GET_MAX) }, (_, i) => keys.slice(i * BATCH_GET_MAX, (i + 1) * BATCH_GET_MAX));
    return (await Promise.all(chunks.map((chunk) => batchGet(chunk, options)))).flat();
  }
  const found: Record<string, unknown>[] = [];
  const read = (Keys: Record<string, unknown>[]) => ({ [tableName()]: { Keys, ...(options.consistent ? { ConsistentRead: true } : {}) } });
  let request: Record<string, { Keys: Record<string, unknown>[]; ConsistentRead?: boolean }> | undefined = read(keys);
  for (let attempt = 0; request && attempt < 5; attempt++) {
    const out: BatchGetCommandOutput = await db.send(new BatchGetCommand({ RequestItems: request }));
    found.push(...(out.Responses?.[tableName()] ?? []));
    const rest: Record<string, unknown>[] | undefined = out.UnprocessedKeys?.[tableName()]?.Keys;
    request = rest?.length ? read(rest) : undefined;
  }
  if (request) throw new Error('BatchGet left unprocessed keys after 5 tries');
  return found;
}
