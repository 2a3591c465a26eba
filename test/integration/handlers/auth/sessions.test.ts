/**
 * Sessions stored on the server against DynamoDB Local: signing in starts one (device and address
 * recorded), POST /auth/logout ends it, GET /auth/sessions lists them, DELETE /auth/sessions ends the
 * others, and a password change (with the current password) or reset ends the others or all, in the
 * transaction that stores the password. An ended session's token answers 401 on the very next request.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { storeResetToken } from '../../../../functions/data/one-time-codes';
import { liveDeviceHash, storeDevice } from '../../../../functions/data/remembered-devices';
import { createSession, LAST_USED_EVERY_MS, listSessions, sessionKey, touchSession } from '../../../../functions/data/sessions';
import { getUserById } from '../../../../functions/data/users';
import { signSessionToken, verifySessionToken } from '../../../../functions/http/tokens';
import { verifyPassword } from '../../../../functions/security/passwords';
import { hashResetToken, newResetToken } from '../../../../functions/security/secrets';
import { invoke, mailedCodes, newAccount, PASSWORD, type Account } from '../../security/actors';

const NEW_PASSWORD = 'N3w!passw0rd';
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';

let ann: Account;
beforeEach(async () => {
  ann = await newAccount('user', 'sessions');
});

/** Signs in through the real routes (password, then the mailed code): the full token. */
async function signIn(account: Account, { userAgent = FIREFOX_LINUX, sourceIp = '198.51.100.7', password = PASSWORD } = {}): Promise<string> {
  const login = await invoke('POST /auth/login', {
    body: { email: account.email, password, recaptchaToken: 't' },
    headers: { 'user-agent': userAgent },
    sourceIp,
  });
  expect(login.statusCode).toBe(200);
  const [code] = await mailedCodes(account.email);
  const verified = await invoke('POST /auth/verify-otp', {
    token: (login.json as { token: string }).token,
    body: { email: account.email, otp: code },
    headers: { 'user-agent': userAgent },
    sourceIp,
  });
  expect(verified.statusCode).toBe(200);
  return (verified.json as { token: string }).token;
}

const profileStatus = async (token: string) => (await invoke('GET /auth/profile', { token })).statusCode;
const sessionsOf = async (token: string) => (await invoke('GET /auth/sessions', { token })).json?.sessions as Record<string, unknown>[];

describe('a sign-in is one session from the password to logout', () => {
  it('starts a session at the password step that the code step lifts, recording device and address', async () => {
    const token = await signIn(ann);
    const claims = await verifySessionToken(token);

    const stored = (await listSessions(ann.id)).find((s) => s.id === claims?.sessionId);
    expect(stored).toMatchObject({ scope: 'full', device: 'Firefox on Linux', address: '198.51.100.7' });
    // 12 hours from now, like the token.
    expect(stored!.expiresAt * 1000 - Date.now()).toBeGreaterThan(11.9 * 3600_000);
  });
});

describe('POST /auth/logout', () => {
  it("ends the caller's session: its token answers 401 at once, another session goes on", async () => {
    const token = await signIn(ann);
    expect(await profileStatus(token)).toBe(200);

    const res = await invoke('POST /auth/logout', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: 'You are signed out.' });
    expect(await profileStatus(token)).toBe(401);
    expect((await invoke('POST /auth/logout', { token })).statusCode).toBe(401);
    expect(await profileStatus(ann.token)).toBe(200);
  });
});

describe('GET /auth/sessions', () => {
  it("lists the account's signed-in sessions with device, address and times, the caller's marked; not sign-ins at the code step", async () => {
    const mine = await signIn(ann, { userAgent: FIREFOX_LINUX, sourceIp: '198.51.100.7' });
    await invoke('POST /auth/login', { body: { email: ann.email, password: PASSWORD, recaptchaToken: 't' } });

    const sessions = await sessionsOf(mine);
    // ann.token's test session and the signed-in one; the pending login is not listed.
    expect(sessions).toHaveLength(2);
    const current = sessions.filter((s) => s.current);
    expect(current).toEqual([
      {
        id: (await verifySessionToken(mine))?.sessionId,
        device: 'Firefox on Linux',
        address: '198.51.100.7',
        createdAt: expect.any(String),
        lastUsedAt: expect.any(String),
        current: true,
      },
    ]);
  });

  it('records use at most every few minutes, never bringing back an ended session', async () => {
    const token = await signIn(ann);
    const sid = (await verifySessionToken(token))!.sessionId;
    const before = (await listSessions(ann.id)).find((s) => s.id === sid)!;
    await profileStatus(token);
    expect((await listSessions(ann.id)).find((s) => s.id === sid)!.lastUsedAt).toBe(before.lastUsedAt);

    const later = Date.parse(before.lastUsedAt) + LAST_USED_EVERY_MS + 1000;
    await touchSession(before, later);
    expect((await listSessions(ann.id)).find((s) => s.id === sid)!.lastUsedAt).toBe(new Date(later).toISOString());

    await invoke('POST /auth/logout', { token });
    await touchSession(before, later + LAST_USED_EVERY_MS + 1000);
    expect((await listSessions(ann.id, 0)).map((s) => s.id)).not.toContain(sid);
    expect(sessionKey(ann.id, sid).sk).toBe(`SESSION#${sid}`);
  });
});

describe('DELETE /auth/sessions (sign out everywhere else)', () => {
  it("ends every other session, sign-ins at the code step included, and keeps the caller's", async () => {
    const here = await signIn(ann);
    const elsewhere = await signIn(ann, {
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1',
    });
    const pending = (await invoke('POST /auth/login', { body: { email: ann.email, password: PASSWORD, recaptchaToken: 't' } })).json as { token: string };

    const res = await invoke('DELETE /auth/sessions', { token: here });
    expect(res.statusCode).toBe(200);
    // ann.token's and ann.otpToken's test sessions, the other device's and the pending sign-in.
    expect(res.json).toEqual({ message: 'Signed out of 4 other sessions.' });

    expect(await profileStatus(here)).toBe(200);
    expect(await profileStatus(elsewhere)).toBe(401);
    expect(await profileStatus(ann.token)).toBe(401);
    expect((await invoke('POST /auth/send-otp', { token: pending.token, body: { email: ann.email } })).statusCode).toBe(401);
    expect((await sessionsOf(here)).map((s) => s.current)).toEqual([true]);
  });
});

describe('PUT /auth/profile: a password change', () => {
  it('refuses a new password without the current one (400 on currentPassword), changing nothing', async () => {
    const res = await invoke('PUT /auth/profile', { token: ann.token, body: { name: 'Changed Name', password: NEW_PASSWORD } });

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Enter your current password to change it', fields: { currentPassword: 'Enter your current password to change it' } });
    const stored = await getUserById(ann.id);
    expect(stored?.name).toBe(ann.name);
    expect(await verifyPassword(PASSWORD, stored!.passwordHash)).toBe(true);
  });

  it('refuses a wrong current password (400 on currentPassword) without changing anything, and slows a guesser (429)', async () => {
    const other = await signIn(ann);
    for (let i = 0; i < 5; i++) {
      const res = await invoke('PUT /auth/profile', {
        token: ann.token,
        body: { name: 'Changed Name', password: NEW_PASSWORD, currentPassword: `Wrong-${i}-pass` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json).toEqual({ message: 'Your current password is not right', fields: { currentPassword: 'Your current password is not right' } });
    }
    const limited = await invoke('PUT /auth/profile', { token: ann.token, body: { name: 'Changed Name', password: NEW_PASSWORD, currentPassword: PASSWORD } });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers?.['retry-after']).toMatch(/^\d+$/);

    const stored = await getUserById(ann.id);
    expect(stored?.name).toBe(ann.name);
    expect(await verifyPassword(PASSWORD, stored!.passwordHash)).toBe(true);
    expect(await profileStatus(other)).toBe(200);
  });

  it("with the right current password changes it and ends every other session; the caller's goes on", async () => {
    const other = await signIn(ann);
    const res = await invoke('PUT /auth/profile', { token: ann.token, body: { name: 'Changed Name', password: NEW_PASSWORD, currentPassword: PASSWORD } });

    expect(res.statusCode).toBe(200);
    expect(await verifyPassword(NEW_PASSWORD, (await getUserById(ann.id))!.passwordHash)).toBe(true);
    expect(await profileStatus(ann.token)).toBe(200);
    expect(await profileStatus(other)).toBe(401);
  });

  it('forgets every remembered device in the same transaction, and ends a session a sign-in starts with the old password meanwhile', async () => {
    await storeDevice(ann.id, 'device-1', 'hash-1', 'Firefox on Linux');
    // A sign-in that checked the old password just before the change, and stores its session after.
    const checkedBefore = (await getUserById(ann.id))!;

    const res = await invoke('PUT /auth/profile', { token: ann.token, body: { name: ann.name, password: NEW_PASSWORD, currentPassword: PASSWORD } });
    expect(res.statusCode).toBe(200);

    expect(await liveDeviceHash(ann.id, 'device-1')).toBeUndefined();
    const late = await createSession({ userId: ann.id, scope: 'full', device: 'Firefox on Linux', address: '198.51.100.7', epoch: checkedBefore.sessionEpoch });
    expect(await profileStatus(await signSessionToken({ userId: ann.id, role: 'user', scope: 'full', sessionId: late.id }))).toBe(401);
    expect(await profileStatus(ann.token)).toBe(200);
    expect((await listSessions(ann.id)).map((s) => s.id)).not.toContain(late.id);
  });

  it('a name change alone needs no password and ends no session', async () => {
    const other = await signIn(ann);
    expect((await invoke('PUT /auth/profile', { token: ann.token, body: { name: 'Just Renamed' } })).statusCode).toBe(200);
    expect(await profileStatus(other)).toBe(200);
  });
});

describe('POST /auth/reset-password', () => {
  it('ends every session of the account: all old tokens answer 401', async () => {
    const signedIn = await signIn(ann);
    const token = newResetToken(ann.id);
    await storeResetToken(ann.id, hashResetToken(token));

    expect((await invoke('POST /auth/reset-password', { body: { token, password: NEW_PASSWORD } })).statusCode).toBe(200);
    expect(await profileStatus(signedIn)).toBe(401);
    expect(await profileStatus(ann.token)).toBe(401);
    expect(await listSessions(ann.id)).toEqual([]);
    // The sessions end with the password's own write: a sign-in that checked the old password before
    // the reset and stores its session after it gets a dead one.
    const late = await createSession({ userId: ann.id, scope: 'full', device: 'Firefox on Linux', address: '198.51.100.7', epoch: 0 });
    expect(await profileStatus(await signSessionToken({ userId: ann.id, role: 'user', scope: 'full', sessionId: late.id }))).toBe(401);
    // The new password starts a new session.
    expect(await profileStatus(await signIn(ann, { password: NEW_PASSWORD }))).toBe(200);
  });
});
