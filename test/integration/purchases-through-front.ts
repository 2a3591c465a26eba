/**
 * What the carrier-failure tests share: a local front, a fresh user with $10 per test, the watched
 * sandbox carrier started anew, and after each test the user's money checked consistent and
 * settled. The test file still mocks the carrier registry with ./watch-carrier itself (vi.mock is
 * hoisted per file).
 */
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { resetConfigForTests } from '../../functions/config';
import { listUserEntries } from '../../functions/wallet/ledger';
import { startFront, type Front } from '../../infra/local/server';
import { sampleLabelOrder } from '../fixtures/label-order';
import { expectUserConsistent, newUser, type TestUser } from './reliability/helpers';
import { watchCarrierAnew } from './watch-carrier';

export const SHIP_DATE = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
export const form = () => sampleLabelOrder({ shipDate: SHIP_DATE }) as never;
/** A moment after every lease taken in these tests has run out, and every shipment is old. */
export const later = () => new Date(Date.now() + 10 * 60_000);

export function purchasesThroughFront(userPrefix: string) {
  let front: Front;
  let user: TestUser;
  beforeAll(async () => {
    front = await startFront({ port: 0, spa: 'none' });
  });
  afterAll(() => front.close());
  beforeEach(async () => {
    watchCarrierAnew();
    user = await newUser(userPrefix, 1000);
  });
  afterEach(async () => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    resetConfigForTests();
    await expectUserConsistent(user.id, { settled: true });
  });
  return {
    /** This test's user. */
    get ann(): TestUser {
      return user;
    },
    /** POST /shipping/create-label through the front with `key`. */
    buy: (key: string) =>
      fetch(`${front.url}/shipping/create-label`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}`, 'idempotency-key': key },
        body: JSON.stringify(sampleLabelOrder({ shipDate: SHIP_DATE })),
      }),
    /** The user's completed ledger entries as [type, cents], sorted. */
    entries: async () =>
      (await listUserEntries(user.id, { limit: 100 })).items
        .filter((e) => e.status === 'completed')
        .map((e) => [e.type, e.amountCents])
        .sort(),
  };
}
