/**
 * What the payment handler tests share, on top of the account fixtures (../auth/fixtures): stored
 * ledger entries and payment refs, a readable list of what the mocked table was sent, and the
 * ledger's one invariant: a balance changes only inside the TransactWrite that settles its entry.
 */
import { ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { GetCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { EMAIL, USER_ID, type TableMock } from '../auth/fixtures';
import { statsItems, type StatsChange } from '../../../../functions/data/stats';

/** A real ULID for the pending entry most tests settle. */
export const ENTRY_ID = '01JA0000000000000000000001';
export const NOW = Date.parse('2025-06-01T12:00:00.000Z');
export const NOW_ISO = new Date(NOW).toISOString();

/** The table name the `unit` project configures (vitest.config.ts). */
export const TABLE = 'prepaidship-test';

/** A ledger entry item as `putPendingEntry` stores it: a $25 card top-up, pending. */
export function entryItem(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const entry = {
    id: ENTRY_ID,
    userId: USER_ID,
    userName: 'Ann Lee',
    userEmail: EMAIL,
    amountCents: 2500,
    type: 'topup',
    creditType: 'Card',
    paymentType: 'CARD',
    status: 'pending',
    orderId: null,
    provider: 'stripe',
    providerRef: 'cs_test_123',
    createdAt: '2025-06-01T11:59:00.000Z',
    completedAt: null,
    ...overrides,
  };
  return {
    pk: `USER#${entry.userId}`,
    sk: `TXN#${entry.id}`,
    entity: 'ledgerEntry',
    gsi1pk: `TXNTYPE#${entry.type}`,
    gsi1sk: `${entry.createdAt}#${entry.id}`,
    ...entry,
  };
}

/** Makes an entry readable by its key (the settle step's consistent read). */
export function storeEntry(ddb: TableMock, item: Record<string, unknown> = entryItem()): void {
  ddb.on(GetCommand, { Key: { pk: item.pk, sk: item.sk } }).resolves({ Item: item });
}

/** Makes a provider's payment id lead to an entry, as `attachProviderRef` records it. */
export function storePaymentRef(ddb: TableMock, provider: string, ref: string, entry: { userId: string; entryId: string }): void {
  ddb
    .on(GetCommand, { Key: { pk: `PAYREF#${provider}#${ref}`, sk: 'PAYREF' } })
    .resolves({ Item: { pk: `PAYREF#${provider}#${ref}`, sk: 'PAYREF', entity: 'paymentRef', ...entry } });
}

/** DynamoDB refusing for capacity: not a domain error, so a plain 500 (and the provider retries). */
export const throttled = () => new ProvisionedThroughputExceededException({ message: 'Rate of requests exceeds the allowed throughput', $metadata: {} });

type Key = { pk?: unknown; sk?: unknown };
type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

const keyText = (key: Key | undefined) => `${String(key?.pk)} ${String(key?.sk)}`;
const itemKey = (t: TransactItem): Key | undefined => t.Put?.Item ?? t.Update?.Key ?? t.Delete?.Key ?? t.ConditionCheck?.Key;
const itemVerb = (t: TransactItem) => (t.Put ? 'Put' : t.Update ? 'Update' : t.Delete ? 'Delete' : 'ConditionCheck');

/** A stats shard key (`STATS#total#3`, `STATS#day#2026-11-21#3`) without its random shard/day. */
const STATS_SHARD = /(STATS#(?:total|day)#)[0-9#-]+/g;

/**
 * What `statsItems(change)` writes, with its random shard (and day) left open: the figures
 * (expressions and values) must match exactly.
 */
export const statsExpected = (change: StatsChange) =>
  statsItems(change).map((item) => ({
    Update: {
      ...item.Update,
      Key: { pk: expect.stringMatching(/^STATS#(total|day#\d{4}-\d{2}-\d{2})#\d+$/), sk: 'STATS' },
      ...(item.Update.ExpressionAttributeValues[':expires'] === undefined
        ? {}
        : { ExpressionAttributeValues: { ...item.Update.ExpressionAttributeValues, ':expires': expect.any(Number) } }),
    },
  }));

/**
 * Every command the table received, in order, as `Verb pk sk` (a TransactWrite lists its items):
 * e.g. `['Get USER#1 PROFILE', 'Put USER#1 TXN#2', 'Transact[Put EVENT#x EVENT, Update USER#1 TXN#2]']`;
 * a Query is `Query <index or table>`.
 */
export function sent(ddb: TableMock): string[] {
  return ddb.calls().map((c) => {
    const command = c.args[0] as { constructor: { name: string }; input: Record<string, unknown> };
    const verb = command.constructor.name.replace(/Command$/, '');
    const input = command.input;
    if (verb === 'TransactWrite') {
      const items = (input.TransactItems ?? []) as TransactItem[];
      return `Transact[${items.map((t) => `${itemVerb(t)} ${keyText(itemKey(t))}`).join(', ')}]`.replace(STATS_SHARD, '$1*');
    }
    if (verb === 'Query') return `Query ${String(input.IndexName ?? 'table')}`;
    return `${verb} ${keyText((input.Item ?? input.Key) as Key | undefined)}`;
  });
}

const isProfile = (key: Key | undefined) => typeof key?.pk === 'string' && key.pk.startsWith('USER#') && key.sk === 'PROFILE';

/**
 * The ledger's invariant, checked over everything the table received: a user's profile (and so the
 * balance) is never written by a single command, and a TransactWrite that touches it also records
 * the provider event once (attribute_not_exists) and completes that same user's pending entry for
 * the same amount.
 */
export function expectBalanceOnlyWithSettlement(ddb: TableMock): void {
  for (const c of ddb.calls()) {
    const command = c.args[0] as { constructor: { name: string }; input: Record<string, unknown> };
    const input = command.input;
    if (command.constructor.name !== 'TransactWriteCommand') {
      expect(isProfile((input.Item ?? input.Key) as Key | undefined) && command.constructor.name !== 'GetCommand', `${command.constructor.name} on a profile`).toBe(false);
      continue;
    }
    const items = (input.TransactItems ?? []) as TransactItem[];
    const balance = items.find((t) => isProfile(itemKey(t)));
    if (!balance) continue;
    const userPk = itemKey(balance)?.pk as string;
    const entry = items.find((t) => t.Update && t.Update.Key?.pk === userPk && String(t.Update.Key?.sk).startsWith('TXN#'));
    const event = items.find((t) => t.Put && String(t.Put.Item?.pk).startsWith('EVENT#'));
    expect(balance.Update?.UpdateExpression, 'balance item').toBe('SET balanceCents = balanceCents + :amount, version = version + :one');
    expect(entry?.Update, 'the entry settled with the balance').toMatchObject({
      ConditionExpression: '#status = :pending AND amountCents = :amount',
      ExpressionAttributeValues: { ':outcome': 'completed', ':amount': balance.Update?.ExpressionAttributeValues?.[':amount'] },
    });
    expect(event?.Put?.ConditionExpression, 'the event recorded with the balance').toBe('attribute_not_exists(pk)');
  }
}

/** Asserts that nothing the table received could change a balance. */
export function expectNoBalanceChange(ddb: TableMock): void {
  const touching = sent(ddb).filter((line) => / PROFILE\b/.test(line) && !line.startsWith('Get '));
  expect(touching, 'writes that reach a profile').toEqual([]);
}
