/**
 * GET /api/counter against DynamoDB Local: the labels counter is moved the way label purchases move
 * it (statsItems inside a TransactWrite, on a random shard each time) and the public answer sums
 * every shard. DynamoDB Local always answers a BatchGet whole, so a partial answer (keys left
 * unprocessed, as DynamoDB does under load) is made here by a middleware on the product's client
 * that holds back found items and lists their keys as unprocessed instead.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { ServiceInputTypes, ServiceOutputTypes } from '@aws-sdk/lib-dynamodb';
import type { BuildMiddleware } from '@smithy/types';
import { db, tableName } from '../../../../functions/data/client';
import { statsItems } from '../../../../functions/data/stats';
import { installFaultInjector } from '../../reliability/helpers';
import { invoke } from '../../security/actors';
import { HIDDEN_500 } from '../answers';
import { withoutWrites } from '../table-changes';

const faults = installFaultInjector();

type Key = { pk: string; sk: string };
type BatchGetOutput = { Responses?: Record<string, Key[]>; UnprocessedKeys?: Record<string, { Keys: Key[] }> };

const PARTIAL = 'testPartialBatchGet';
/**
 * The next BatchGet answers only half of what it found and lists the other half's keys as
 * unprocessed; `always`: every BatchGet from now on answers nothing and lists every key found.
 */
function answerBatchGetsInPart({ always = false } = {}): void {
  let answered = 0;
  const middleware: BuildMiddleware<ServiceInputTypes, ServiceOutputTypes> = (next, context) => async (args) => {
    const result = await next(args);
    if (context.commandName !== 'BatchGetItemCommand' || (!always && answered++ > 0)) return result;
    const output = result.output as BatchGetOutput;
    const found = output.Responses?.[tableName()] ?? [];
    const held = always ? found.splice(0) : found.splice(0, Math.ceil(found.length / 2));
    if (held.length) output.UnprocessedKeys = { [tableName()]: { Keys: held.map(({ pk, sk }) => ({ pk, sk })) } };
    return result;
  };
  db.middlewareStack.add(middleware, { step: 'build', name: PARTIAL });
}
afterEach(() => {
  faults.stop();
  db.middlewareStack.remove(PARTIAL);
});

/** Public, and a read: no token, and nothing written. */
const counter = () => withoutWrites(() => invoke('GET /api/counter'));
const addLabels = (labels: number) => db.send(new TransactWriteCommand({ TransactItems: statsItems({ labels }) }));

describe('GET /api/counter', () => {
  // First: the later tests move the figures of the file's table.
  it('answers 0 before any label exists', async () => {
    const res = await counter();

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ count: 0 });
  });

  it('sums the labels of every shard', async () => {
    await addLabels(3);
    // One at a time, each on a random shard: 25 land on several of them.
    for (let i = 0; i < 25; i++) await addLabels(1);

    expect((await counter()).json).toEqual({ count: 28 });
  });

  it('reads the shards by key only: the same count while every Scan, or every Query, fails', async () => {
    // Not through counter(): its own check that nothing was written scans the table.
    faults.armOn('ScanCommand', 'throttling', { times: Number.POSITIVE_INFINITY });
    const withoutScans = await invoke('GET /api/counter');
    faults.armOn('QueryCommand', 'throttling', { times: Number.POSITIVE_INFINITY });
    const withoutQueries = await invoke('GET /api/counter');

    expect([withoutScans.statusCode, withoutScans.json]).toEqual([200, { count: 28 }]);
    expect([withoutQueries.statusCode, withoutQueries.json]).toEqual([200, { count: 28 }]);
  });

  it('asks again for shards DynamoDB left unprocessed, and still counts them', async () => {
    answerBatchGetsInPart();

    expect((await counter()).json).toEqual({ count: 28 });
  });

  it('answers a plain 500 when shards stay unprocessed however often it asks', async () => {
    answerBatchGetsInPart({ always: true });
    const res = await counter();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
  });

  it("answers a plain 500 when DynamoDB fails, without DynamoDB's message", async () => {
    faults.armOn('BatchGetItemCommand', 'throughput');
    const res = await counter();

    expect(res.statusCode).toBe(500);
    expect(res.json).toEqual(HIDDEN_500);
    expect(res.body).not.toContain('throughput');
  });
});
