/**
 * A DynamoDB document client: plain JS objects in and out, sent as DynamoDB's JSON protocol through
 * the one signed AWS caller (providers/aws/aws-call.ts).
 *
 * Why not the SDK's DynamoDBDocumentClient: every Lambda talks to DynamoDB, and the SDK client
 * (its smithy core, protocol stack, shapes and error classes: ~220 kB minified) was three quarters
 * of a plain route's cold module init (docs/performance.md, "Lambdas"). Our calls use nine
 * operations with plain inputs; marshalling stays the SDK's own (@aws-sdk/util-dynamodb), the input
 * and output types stay lib-dynamodb's (type-only imports, erased from the bundle), and the command
 * classes keep lib-dynamodb's names, so a data module reads as before.
 *
 * The seam for tests and the bench keeps the SDK's shape too: `middlewareStack.add(fn, { step, name })`
 * with `initialize` (plain input, around every attempt the product makes) and `build` (marshalled
 * input and output, around one signed request and its transport retries).
 */
import type {
  BatchGetCommandInput,
  BatchGetCommandOutput,
  BatchWriteCommandInput,
  BatchWriteCommandOutput,
  DeleteCommandInput,
  DeleteCommandOutput,
  GetCommandInput,
  GetCommandOutput,
  PutCommandInput,
  PutCommandOutput,
  QueryCommandInput,
  QueryCommandOutput,
  ScanCommandInput,
  ScanCommandOutput,
  TransactWriteCommandInput,
  TransactWriteCommandOutput,
  UpdateCommandInput,
  UpdateCommandOutput,
} from '@aws-sdk/lib-dynamodb';
import { marshall, unmarshall, type NativeAttributeValue } from '@aws-sdk/util-dynamodb';
import { randomUUID } from 'node:crypto';
import { AwsCallError, type AwsService } from '../providers/aws/aws-call';

export type Operation = 'GetItem' | 'PutItem' | 'UpdateItem' | 'DeleteItem' | 'Query' | 'Scan' | 'BatchGetItem' | 'BatchWriteItem' | 'TransactWriteItems';

type Output<O> = Omit<O, '$metadata'>;
type Item = Record<string, NativeAttributeValue>;
type Wire = Record<string, unknown>;

abstract class Command<I, O> {
  abstract readonly operation: Operation;
  /** Only carries the output's type to `send`. */
  declare readonly output?: O;
  constructor(readonly input: I) {}
}

export class GetCommand extends Command<GetCommandInput, Output<GetCommandOutput>> {
  readonly operation = 'GetItem';
}
export class PutCommand extends Command<PutCommandInput, Output<PutCommandOutput>> {
  readonly operation = 'PutItem';
}
export class UpdateCommand extends Command<UpdateCommandInput, Output<UpdateCommandOutput>> {
  readonly operation = 'UpdateItem';
}
export class DeleteCommand extends Command<DeleteCommandInput, Output<DeleteCommandOutput>> {
  readonly operation = 'DeleteItem';
}
export class QueryCommand extends Command<QueryCommandInput, Output<QueryCommandOutput>> {
  readonly operation = 'Query';
}
export class ScanCommand extends Command<ScanCommandInput, Output<ScanCommandOutput>> {
  readonly operation = 'Scan';
}
export class BatchGetCommand extends Command<BatchGetCommandInput, Output<BatchGetCommandOutput>> {
  readonly operation = 'BatchGetItem';
}
export class BatchWriteCommand extends Command<BatchWriteCommandInput, Output<BatchWriteCommandOutput>> {
  readonly operation = 'BatchWriteItem';
}
export class TransactWriteCommand extends Command<TransactWriteCommandInput, Output<TransactWriteCommandOutput>> {
  readonly operation = 'TransactWriteItems';
}

export type { BatchWriteCommandInput, QueryCommandInput, TransactWriteCommandInput };
/** What `send` answers for a command of class C. */
export type OutputOf<C> = C extends Command<unknown, infer O> ? O : never;

/** One reason per item of a cancelled transaction, in the items' order. */
export interface CancellationReason {
  Code?: string;
  Message?: string;
  /** The item as it was, when the request asked for it (ReturnValuesOnConditionCheckFailure). */
  Item?: Item;
}

/** A single write whose ConditionExpression did not hold; `Item` when ALL_OLD was asked for. */
export class ConditionalCheckFailedException extends Error {
  override readonly name = 'ConditionalCheckFailedException';
  readonly Item?: Item;
  constructor({ message, Item }: { message: string; Item?: Item }) {
    super(message);
    this.Item = Item;
  }
}

/** A transaction DynamoDB cancelled: nothing of it was written. */
export class TransactionCanceledException extends Error {
  override readonly name = 'TransactionCanceledException';
  readonly CancellationReasons?: CancellationReason[];
  constructor({ message, CancellationReasons }: { message: string; CancellationReasons?: CancellationReason[] }) {
    super(message);
    this.CancellationReasons = CancellationReasons;
  }
}

// ---------------------------------------------------------------------------------------------
// Marshalling: which fields of each operation hold items (lib-dynamodb's own list, for our nine)
// ---------------------------------------------------------------------------------------------

const MARSHALL = { removeUndefinedValues: true } as const;
const ITEM_FIELDS = ['Key', 'Item', 'ExpressionAttributeValues', 'ExclusiveStartKey'] as const;

const toWire = (item: Item): Wire => marshall(item, MARSHALL);
const fromWire = (item: unknown): Item => unmarshall(item as never);

/** A request's plain fields marshalled; the request itself is left as it was. */
function marshallInput(input: Wire): Wire {
  const out: Wire = { ...input };
  for (const field of ITEM_FIELDS) if (input[field]) out[field] = toWire(input[field]);
  if (input.TransactItems) {
    out.TransactItems = (input.TransactItems as Wire[]).map((t) =>
      Object.fromEntries(Object.entries(t).map(([kind, body]) => [kind, marshallInput(body as Wire)])),
    );
  }
  if (input.RequestItems) {
    out.RequestItems = Object.fromEntries(
      Object.entries(input.RequestItems as Record<string, unknown>).map(([table, request]) => [
        table,
        Array.isArray(request)
          ? request.map((r: Wire) =>
              r.PutRequest ? { PutRequest: marshallInput(r.PutRequest as Wire) } : { DeleteRequest: marshallInput(r.DeleteRequest as Wire) },
            )
          : { ...(request as Wire), Keys: ((request as Wire).Keys as Item[]).map(toWire) },
      ]),
    );
  }
  return out;
}

/** An answer's item fields unmarshalled into plain objects. */
function unmarshallOutput(output: Wire): Wire {
  const out: Wire = { ...output };
  for (const field of ['Item', 'Attributes', 'LastEvaluatedKey'] as const) if (output[field]) out[field] = fromWire(output[field]);
  if (output.Items) out.Items = (output.Items as unknown[]).map(fromWire);
  if (output.Responses) {
    out.Responses = Object.fromEntries(Object.entries(output.Responses as Record<string, unknown[]>).map(([t, items]) => [t, items.map(fromWire)]));
  }
  if (output.UnprocessedKeys) {
    out.UnprocessedKeys = Object.fromEntries(
      Object.entries(output.UnprocessedKeys as Record<string, Wire>).map(([t, r]) => [t, { ...r, Keys: (r.Keys as unknown[]).map(fromWire) }]),
    );
  }
  if (output.UnprocessedItems) {
    out.UnprocessedItems = Object.fromEntries(
      Object.entries(output.UnprocessedItems as Record<string, Wire[]>).map(([t, requests]) => [
        t,
        requests.map((r) =>
          r.PutRequest ? { PutRequest: { Item: fromWire((r.PutRequest as Wire).Item) } } : { DeleteRequest: { Key: fromWire((r.DeleteRequest as Wire).Key) } },
        ),
      ]),
    );
  }
  return out;
}

/**
 * Binary attributes travel as base64 in DynamoDB's JSON. JSON.stringify hands a Buffer's toJSON()
 * to the replacer, so the original value is read from the holder.
 */
function binaryAsBase64(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const original = this[key];
  return original instanceof Uint8Array ? Buffer.from(original).toString('base64') : value;
}
/** ...and come back as Buffers: a type tag B or BS holds strings, an attribute named B holds an object. */
const base64AsBinary = (key: string, value: unknown): unknown =>
  key === 'B' && typeof value === 'string'
    ? Buffer.from(value, 'base64')
    : key === 'BS' && Array.isArray(value) && value.every((v) => typeof v === 'string')
      ? value.map((v: string) => Buffer.from(v, 'base64'))
      : value;

/** DynamoDB's refusals the product tells apart, as the SDK's classes name them; the rest stay AwsCallErrors. */
function refusalOf(err: AwsCallError): Error {
  // DynamoDB's own words, as the SDK's exceptions carry them (err.message also names the call).
  const own = err.details.message ?? err.details.Message;
  const message = typeof own === 'string' ? own : err.message;
  if (err.code === 'ConditionalCheckFailedException') {
    const item = err.details.Item;
    return new ConditionalCheckFailedException({ message, Item: item ? fromWire(item) : undefined });
  }
  if (err.code === 'TransactionCanceledException') {
    const reasons = (err.details.CancellationReasons as CancellationReason[] | undefined)?.map((r) => (r.Item ? { ...r, Item: fromWire(r.Item) } : r));
    return new TransactionCanceledException({ message, CancellationReasons: reasons });
  }
  return err;
}

// ---------------------------------------------------------------------------------------------
// The client
// ---------------------------------------------------------------------------------------------

export interface MiddlewareContext {
  /** The SDK's name for the call: `GetItemCommand`, `TransactWriteItemsCommand`. */
  commandName: string;
}
export interface MiddlewareArgs {
  input: Wire;
}
export type Next = (args: MiddlewareArgs) => Promise<{ output: Wire }>;
export type Middleware = (next: Next, context: MiddlewareContext) => Next;
type Step = 'initialize' | 'build';

export type DocumentClient = ReturnType<typeof documentClient>;

/** A document client over one signed caller pointed at DynamoDB. */
export function documentClient(call: AwsService) {
  const stack: { step: Step; name: string; middleware: Middleware }[] = [];

  async function request(operation: Operation, input: Wire): Promise<{ output: Wire }> {
    try {
      const answer = await call({
        method: 'POST',
        path: '/',
        action: operation,
        headers: { 'content-type': 'application/x-amz-json-1.0', 'x-amz-target': `DynamoDB_20120810.${operation}` },
        body: JSON.stringify(input, binaryAsBase64),
      });
      return { output: JSON.parse(answer.body.toString('utf8'), base64AsBinary) as Wire };
    } catch (err) {
      throw err instanceof AwsCallError ? refusalOf(err) : err;
    }
  }

  /** The step's middlewares around `inner`, the first added outermost (as the SDK orders them). */
  const wrap = (step: Step, inner: Next, context: MiddlewareContext): Next =>
    stack.filter((m) => m.step === step).reduceRight<Next>((next, m) => m.middleware(next, context), inner);

  return {
    middlewareStack: {
      add(middleware: Middleware, { step, name, override = false }: { step: Step; name: string; override?: boolean }): void {
        const at = stack.findIndex((m) => m.name === name);
        if (at >= 0 && !override) throw new Error(`a middleware named ${name} is already on the stack`);
        if (at >= 0) stack.splice(at, 1);
        stack.push({ step, name, middleware });
      },
      remove(name: string): boolean {
        const at = stack.findIndex((m) => m.name === name);
        if (at >= 0) stack.splice(at, 1);
        return at >= 0;
      },
    },

    async send<I, O>(command: Command<I, O>): Promise<O> {
      const context = { commandName: `${command.operation}Command` };
      const built = wrap('build', ({ input }) => request(command.operation, input), context);
      const initialized = wrap(
        'initialize',
        async ({ input }) => {
          const wireInput = marshallInput(input);
          // As the SDK does: a transaction carries an idempotency token, so a retry of one whose answer
          // was lost (a timeout, a 5xx after the commit) is answered as done instead of applied again.
          if (command.operation === 'TransactWriteItems') wireInput.ClientRequestToken ??= randomUUID();
          return { output: unmarshallOutput((await built({ input: wireInput })).output) };
        },
        context,
      );
      const { output } = await initialized({ input: { ...(command.input as Wire) } });
      return output as O;
    },
  };
}
