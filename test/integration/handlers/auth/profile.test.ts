/**
 * GET and PUT /auth/profile and GET /auth/get-profile-picture against DynamoDB Local: the answer,
 * and for a change the profile as stored afterwards (name, password hash, nothing else).
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { createUser, getUserById } from '../../../../functions/data/users';
import { signSessionToken } from '../../../session-token';
import { verifyPassword } from '../../../../functions/security/passwords';
import { invoke, newAccount, PASSWORD, scanTable, type Account } from '../../security/actors';
import { creditWallet } from '../../wallet-credit';
import { changesOf, pkOf, withoutWrites } from '../table-changes';

const NEW_PASSWORD = 'N3w!passw0rd';
/** A well-formed id no account has: its token is valid, its account is gone. */
const GONE_ID = '01J9Z3K4M5N6P7Q8R9S0T1V2W3';
const goneToken = () => signSessionToken({ userId: GONE_ID, role: 'user', scope: 'full' });

let ann: Account;
beforeEach(async () => {
  ann = await newAccount('user', 'profile');
});

const getProfile = (token?: string) => invoke('GET /auth/profile', { token });
const update = (body: Record<string, unknown>, token = ann.token) => invoke('PUT /auth/profile', { token, body });

describe('GET /auth/profile', () => {
  it('answers the user with the balance in dollars beside exact cents, and no password hash', async () => {
    await creditWallet(ann, 1205);
    const res = await withoutWrites(() => getProfile(ann.token));

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      id: ann.id,
      name: ann.name,
      email: ann.email,
      role: 'user',
      isVerified: true,
      labelFormat: { format: 'pdf', dpi: 203 },
      balance: 12.05,
      balanceCents: 1205,
      held: 0,
      heldCents: 0,
      disputed: 0,
      disputedCents: 0,
      notifications: { delivered: true, exception: true, unused: false },
      available: 12.05,
      availableCents: 1205,
      createdAt: ann.createdAt,
    });
    expect(res.body).not.toContain('passwordHash');
  });

  it('answers isVerified false and a zero balance for a fresh account', async () => {
    const fresh = await createUser({ name: 'Fresh Account', email: `fresh-${ann.id}@example.com`, passwordHash: 'x' });
    const token = await signSessionToken({ userId: fresh.id, role: 'user', scope: 'full' });

    expect((await getProfile(token)).json).toMatchObject({ id: fresh.id, isVerified: false, balance: 0, balanceCents: 0 });
  });

  it('answers 401 for a valid token of a deleted account', async () => {
    const res = await getProfile(await goneToken());

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
  });

  it('answers 403 to a sign-in token that has not passed the code step', async () => {
    const res = await getProfile(ann.otpToken);

    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'Enter the code we sent to your email first' });
  });

  it('answers 401 without a token', async () => {
    expect((await getProfile()).statusCode).toBe(401);
  });
});

describe('PUT /auth/profile', () => {
  it('changes the name only (trimmed), leaving the password hash alone, and answers the updated user', async () => {
    const before = await getUserById(ann.id);
    const { result: res, written } = await changesOf(() => update({ name: '  Ann B. Lee ' }));

    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ id: ann.id, name: 'Ann B. Lee', email: ann.email, balance: 0, balanceCents: 0 });
    expect(res.body).not.toContain('passwordHash');
    expect(written.map(pkOf)).toEqual([`USER#${ann.id}`]);
    const after = await getUserById(ann.id);
    expect(after).toEqual({ ...before, name: 'Ann B. Lee', version: expect.any(Number) });
    expect(after?.passwordHash).toBe(before?.passwordHash);
  });

  it('stores a hash of a new password, never the password itself', async () => {
    const res = await update({ name: ann.name, password: NEW_PASSWORD, currentPassword: PASSWORD });

    expect(res.statusCode).toBe(200);
    const hash = (await getUserById(ann.id))?.passwordHash ?? '';
    expect(await verifyPassword(NEW_PASSWORD, hash)).toBe(true);
    expect(await verifyPassword(PASSWORD, hash)).toBe(false);
    expect((await scanTable()).filter((line) => line.includes(NEW_PASSWORD))).toEqual([]);
  });

  it('keeps the password when it is blank', async () => {
    const before = (await getUserById(ann.id))?.passwordHash;
    expect((await update({ name: ann.name, password: '' })).statusCode).toBe(200);

    expect((await getUserById(ann.id))?.passwordHash).toBe(before);
  });

  it('ignores an email in the body', async () => {
    const res = await update({ name: ann.name, email: 'mallory@example.com' });

    expect(res.statusCode).toBe(200);
    expect(res.json?.email).toBe(ann.email);
    expect((await getUserById(ann.id))?.email).toBe(ann.email);
    expect((await scanTable()).filter((line) => line.includes('mallory'))).toEqual([]);
  });

  it('answers 404 when the account is gone, creating nothing', async () => {
    const token = await goneToken();
    const res = await withoutWrites(async () => update({ name: 'Ann Lee' }, token));

    expect(res.statusCode).toBe(404);
    expect(res.json).toEqual({ message: 'Account not found' });
  });

  it('answers 400 on the password field for a weak new password, without writing', async () => {
    const res = await withoutWrites(() => update({ name: 'Ann Lee', password: 'short', currentPassword: PASSWORD }));

    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ password: 'Password must be at least 8 characters' });
  });

  it('answers 400 on the name field for a blank name, without writing', async () => {
    const res = await withoutWrites(() => update({ name: '   ' }));

    expect(res.statusCode).toBe(400);
    expect(res.json?.fields).toEqual({ name: 'Name must be at least 2 characters' });
  });

  it('answers 403 to a sign-in token that has not passed the code step, without writing', async () => {
    const res = await withoutWrites(() => update({ name: 'Ann Lee', password: NEW_PASSWORD }, ann.otpToken));

    expect(res.statusCode).toBe(403);
  });
});

describe('GET /auth/get-profile-picture', () => {
  const DATA_URL = 'data:image/svg+xml;base64,';

  /** The avatar of a new account with this name, as SVG text (and the account's id). */
  async function avatarOf(name: string): Promise<{ svg: string; id: string }> {
    const account = await newAccount('user', 'avatar');
    if (name !== account.name) expect((await update({ name }, account.token)).statusCode).toBe(200);
    return { svg: await avatarFor(account.token), id: account.id };
  }
  async function avatarFor(token: string): Promise<string> {
    const res = await withoutWrites(() => invoke('GET /auth/get-profile-picture', { token }));
    expect(res.statusCode).toBe(200);
    const { success, picture, message } = res.json as { success: boolean; picture: string; message: string };
    expect({ success, message }).toEqual({ success: true, message: 'Generated avatar' });
    expect(picture.startsWith(DATA_URL)).toBe(true);
    return Buffer.from(picture.slice(DATA_URL.length), 'base64').toString('utf8');
  }
  const textOf = (svg: string) => /<text[^>]*>(.*)<\/text>/.exec(svg)?.[1];
  const fillOf = (svg: string) => /<rect[^>]*fill="(#[0-9a-f]{6})"/.exec(svg)?.[1];

  it('draws the initials of the first and last word as an SVG data URL', async () => {
    const { svg } = await avatarOf('Ann B Lee');

    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[^>]*>.*<\/svg>$/);
    expect(textOf(svg)).toBe('AL');
  });

  it('upper-cases a single name to one initial', async () => {
    expect(textOf((await avatarOf('cher')).svg)).toBe('C');
  });

  it('picks the same colour for the same id whatever the name, and not one colour for everyone', async () => {
    const first = fillOf(await avatarFor(ann.token));
    expect(first).toBeDefined();
    await update({ name: 'Someone Else' });
    expect(fillOf(await avatarFor(ann.token))).toBe(first);

    const fills = new Set<string | undefined>([first]);
    for (let i = 0; i < 6; i++) fills.add(fillOf((await avatarOf('Ann Lee')).svg));
    expect(fills.size).toBeGreaterThan(1);
  });

  it('escapes markup in the name', async () => {
    const { svg } = await avatarOf('<script>alert(1)</script> &"x');

    expect(svg).not.toContain('<script');
    expect(textOf(svg)).toBe('&#60;&#38;');
    // Only the avatar's own tags open with '<'.
    expect(svg.match(/<\/?[a-z]+/g)).toEqual(['<svg', '<rect', '<text', '</text', '</svg']);
    expect(svg.split('<')).toHaveLength(6);
  });

  it('answers 401 for a valid token of a deleted account', async () => {
    const res = await invoke('GET /auth/get-profile-picture', { token: await goneToken() });

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
  });

  it('answers 403 to a sign-in token that has not passed the code step', async () => {
    expect((await invoke('GET /auth/get-profile-picture', { token: ann.otpToken })).statusCode).toBe(403);
  });
});
