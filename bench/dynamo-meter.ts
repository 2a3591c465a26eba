/**
 * Counts what the handlers ask of DynamoDB: requests, and the capacity units DynamoDB says they
 * consumed. A middleware on the shared document client (functions/data/client.ts) asks every command
 * for `ReturnConsumedCapacity: TOTAL` and adds up the answers, so the figures come from the real
 * code paths. Bench-only: production never asks for capacity figures.
 */
import { db } from '../functions/data/client';

export interface DynamoUsage {
  requests: number;
  readUnits: number;
  writeUnits: number;
}

type Capacity = { ReadCapacityUnits?: number; WriteCapacityUnits?: number; CapacityUnits?: number };

/**
 * Commands that take ReturnConsumedCapacity (all our request paths use only these). The document
 * client shares the low-level client's stack, so the names seen here are the low-level ones.
 */
const METERED = /^(GetItem|PutItem|UpdateItem|DeleteItem|Query|Scan|BatchGetItem|BatchWriteItem|TransactGetItems|TransactWriteItems)Command$/;
const WRITES = /^(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems)Command$/;

/**
 * Asks every metered command for its consumed capacity and hands each answer's units to `onUsage`
 * (one call per request). Answers the function that removes the middleware.
 */
export function onDynamoUsage(onUsage: (usage: DynamoUsage) => void): () => void {
  const name = `bench-dynamo-meter-${Math.random()}`;
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '');
      if (!METERED.test(command)) return next(args);
      // INDEXES, not TOTAL: DynamoDB Local's TOTAL leaves out the index writes of some transactions
      // (a label purchase's reads fewer units than its items and indexes add up to), while DynamoDB bills them all.
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'INDEXES';
      const out = await next(args);
      const usage: DynamoUsage = { requests: 1, readUnits: 0, writeUnits: 0 };
      const consumed = (out.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
      for (const c of [consumed ?? []].flat()) {
        if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
          usage.readUnits += c.ReadCapacityUnits ?? 0;
          usage.writeUnits += c.WriteCapacityUnits ?? 0;
        } else if (WRITES.test(command)) usage.writeUnits += c.CapacityUnits ?? 0;
        // DynamoDB gives only a total per table: split it by what the command does.
        else usage.readUnits += c.CapacityUnits ?? 0;
      }
      onUsage(usage);
      return out;
    },
    { step: 'initialize', name },
  );
  return () => void db.middlewareStack.remove(name);
}

/** Starts metering; `take()` answers the usage since the last take and starts again from zero. */
export function meterDynamo(): { take(): DynamoUsage; stop(): void } {
  let total: DynamoUsage = { requests: 0, readUnits: 0, writeUnits: 0 };
  const stop = onDynamoUsage((u) => {
    total = { requests: total.requests + u.requests, readUnits: total.readUnits + u.readUnits, writeUnits: total.writeUnits + u.writeUnits };
  });
  return {
    take() {
      const taken = total;
      total = { requests: 0, readUnits: 0, writeUnits: 0 };
      return taken;
    },
    stop,
  };
}
