/**
 * The account store every auth route stands on (functions/data/users.ts), against DynamoDB Local:
 * what creating an account stores (the profile, the email claim under the lower-cased email, the
 * users figure), that a taken email stores nothing, and how an account is found by its email.
 * Races between sign-ups and the seeded admin are test/integration/users.test.ts's.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { toApiUser } from '../../../../domain/api/user-answer';
import { getStats } from '../../../../functions/data/stats';
import { createUser, getUserByEmail, getUserById } from '../../../../functions/data/users';
import { Conflict } from '../../../../functions/errors';
import { installFaultInjector } from '../../reliability/helpers';
import { creditWallet } from '../../wallet-credit';
import { changesOf, withoutWrites } from '../table-changes';

const faults = installFaultInjector();
afterEach(() => {
  faults.stop();
});

let n = 0;
const uniqueEmail = (name: string) => `${name}${++n}-${Date.now()}@Example.COM`;

describe('createUser', () => {
  it('stores the profile, its listing and a claim on the lower-cased email, counts the user, and answers the new account', async () => {
    const email = uniqueEmail('Ann');
    const usersBefore = (await getStats()).users;
    const { result: user, written, removed } = await changesOf(() => createUser({ name: ' Ann ', email: ` ${email} `, passwordHash: 'h' }));

    expect(user).toMatchObject({ name: 'Ann', email, role: 'user', balanceCents: 0, verified: false, passwordHash: 'h' });
    const items = written.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(items.find((i) => i.pk === `EMAIL#${email.toLowerCase()}`)).toMatchObject({ sk: 'EMAIL', userId: user.id });
    const profile = items.find((i) => i.pk === `USER#${user.id}` && i.sk === 'PROFILE');
    expect(profile).toMatchObject({ email, name: 'Ann', role: 'user' });
    // The list's index keys are on the listing alone: the wallet rewrites the profile with every balance change.
    expect(profile).not.toHaveProperty('gsi1pk');
    expect(items.find((i) => i.pk === `USER#${user.id}` && i.sk === 'LISTING')).toEqual({
      pk: `USER#${user.id}`,
      sk: 'LISTING',
      entity: 'userListing',
      userId: user.id,
      gsi1pk: expect.stringMatching(/^USERS#\d+$/),
      gsi1sk: `${user.createdAt}#${user.id}`,
    });
    // The claim, the profile, its listing and one stats shard (new, or changed from its old version): nothing else.
    expect(written).toHaveLength(4);
    expect(removed.length).toBeLessThanOrEqual(1);
    expect(await getUserById(user.id)).toEqual(user);
    expect((await getStats()).users).toBe(usersBefore + 1);
  });

  it('throws Conflict for an email already claimed in any case, storing nothing (not even the profile or the figure)', async () => {
    const email = uniqueEmail('bo');
    const first = await createUser({ name: 'Bo', email, passwordHash: 'h' });

    await withoutWrites(() => expect(createUser({ name: 'Bo Again', email: email.toUpperCase(), passwordHash: 'h2' })).rejects.toThrow(Conflict));
    expect((await getUserByEmail(email))?.id).toBe(first.id);
  });

  it('lets other failures through unchanged, storing nothing', async () => {
    faults.armOn('TransactWriteItemsCommand', new Error('throttled'));

    await withoutWrites(() => expect(createUser({ name: 'Cy', email: uniqueEmail('cy'), passwordHash: 'h' })).rejects.toThrow('throttled'));
  });
});

describe('getUserByEmail', () => {
  it('finds the account from its email in any case and with spaces, as the API then shows it', async () => {
    const email = uniqueEmail('dee');
    const created = await createUser({ name: 'Dee', email, passwordHash: 'h', role: 'admin', verified: true });
    await creditWallet(created, 250);

    const user = await getUserByEmail(` ${email.toUpperCase()} `);

    expect(user).toMatchObject({ id: created.id, role: 'admin', verified: true, balanceCents: 250 });
    expect(toApiUser(user!)).toEqual({
      id: created.id,
      name: 'Dee',
      email,
      role: 'admin',
      isVerified: true,
      labelFormat: { format: 'pdf', dpi: 203 },
      balance: 2.5,
      balanceCents: 250,
      held: 0,
      heldCents: 0,
      disputed: 0,
      disputedCents: 0,
      notifications: { delivered: true, exception: true, unused: false },
      available: 2.5,
      availableCents: 250,
      createdAt: created.createdAt,
    });
  });

  it('is undefined for an unknown email', async () => {
    expect(await getUserByEmail('nobody@x.co')).toBeUndefined();
  });
});
