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

/** Starts metering; `take()` answers the usage since the last take and starts again from zero. */
export function meterDynamo(): { take(): DynamoUsage; stop(): void } {
  let usage: DynamoUsage = { requests: 0, readUnits: 0, writeUnits: 0 };
  const name = 'bench-dynamo-meter';
  db.middlewareStack.add(
    (next, context) => async (args) => {
      const command = String(context.commandName ?? '');
      if (!METERED.test(command)) return next(args);
      (args.input as Record<string, unknown>).ReturnConsumedCapacity = 'TOTAL';
      usage.requests += 1;
      const out = await next(args);
      const consumed = (out.output as { ConsumedCapacity?: Capacity | Capacity[] }).ConsumedCapacity;
      for (const c of [consumed ?? []].flat()) {
        // DynamoDB gives a total per table; split it by what the command does.
        const units = c.CapacityUnits ?? (c.ReadCapacityUnits ?? 0) + (c.WriteCapacityUnits ?? 0);
        if (c.ReadCapacityUnits !== undefined || c.WriteCapacityUnits !== undefined) {
          usage.readUnits += c.ReadCapacityUnits ?? 0;
          usage.writeUnits += c.WriteCapacityUnits ?? 0;
        } else if (WRITES.test(command)) usage.writeUnits += units;
        else usage.readUnits += units;
      }
      return out;
    },
    { step: 'initialize', name },
  );
  return {
    take() {
      const taken = usage;
      usage = { requests: 0, readUnits: 0, writeUnits: 0 };
      return taken;
    },
    stop: () => void db.middlewareStack.remove(name),
  };
}
