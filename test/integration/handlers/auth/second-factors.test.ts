/**
 * The second factors beyond mail against DynamoDB Local, through the real handlers: an authenticator
 * app (codes computed with otpauth, as the app would), recovery codes, passkeys (a software
 * authenticator signing with node:crypto), remembered devices, and the mailed code still the step of
 * an account that set up nothing.
 */
import { Secret, TOTP } from 'otpauth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { LIMITS } from '../../../../functions/accounts/limits';
import { db, tableName } from '../../../../functions/data/client';
import { storeResetToken } from '../../../../functions/data/one-time-codes';
import { verifySessionToken } from '../../../../functions/http/tokens';
import { hashResetToken, newResetToken } from '../../../../functions/security/secrets';
import { softwarePasskey } from '../../../fixtures/software-passkey';
import { invoke, mailedCodes, newAccount, PASSWORD, scanTable, type Account } from '../../security/actors';

const captcha = vi.hoisted(() => ({ verify: vi.fn(), challenge: vi.fn() }));
vi.mock('../../../../functions/providers/registry/captcha', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../../functions/providers/registry/captcha')>()),
  getCaptcha: () => captcha,
}));

const ORIGIN = 'http://localhost:3000';

let ann: Account;
let address: string;
let n = 0;
beforeEach(async () => {
  captcha.verify.mockReset().mockResolvedValue(true);
  ann = await newAccount('user', 'factor');
  address = `203.0.113.${++n % 250}`;
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock on, as if `ms` had passed (Date only: the SDK's timers keep running). */
const later = (ms: number) => {
  const now = Date.now();
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], now });
  vi.setSystemTime(now + ms);
};

const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
const wrongCodeOf = (secret: string) => String((Number(codeOf(secret)) + 1) % 1_000_000).padStart(6, '0');

const login = (body: Record<string, unknown> = {}) =>
  invoke('POST /auth/login', { body: { email: ann.email, password: PASSWORD, recaptchaToken: 'solved', ...body }, sourceIp: address });

/** Sets up an authenticator app for ann; returns its secret and the recovery codes confirming it gave. */
async function enrolTotp(): Promise<{ secret: string; recoveryCodes: string[] }> {
  const start = await invoke('POST /auth/totp/start', { token: ann.token, sourceIp: address });
  expect(start.statusCode).toBe(200);
  const { secret, uri } = start.json as { secret: string; uri: string };
  expect(uri).toMatch(/^otpauth:\/\/totp\/PrepaidShip:/);
  expect(uri).toContain(`secret=${secret}`);
  const confirm = await invoke('POST /auth/totp/confirm', { token: ann.token, body: { code: codeOf(secret) }, sourceIp: address });
  expect(confirm.statusCode, confirm.body).toBe(200);
  return { secret, recoveryCodes: (confirm.json as { recoveryCodes: string[] }).recoveryCodes };
}

const security = async () => (await invoke('GET /auth/security', { token: ann.token })).json as Record<string, unknown>;
const counterHits = async (name: string, subject: string) =>
  Number(
    (await db.send(new GetCommand({ TableName: tableName(), Key: { pk: `LIMIT#${name}#${subject}`, sk: 'COUNT' }, ConsistentRead: true }))).Item?.hits ?? 0,
  );

describe('an account that set up nothing', () => {
  it('is still mailed a code at login, and its answer names only the mailed code', async () => {
    const res = await login();
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ message: 'We sent a sign-in code to your email.', factors: ['email'] });
    expect(await mailedCodes(ann.email)).toHaveLength(1);
    expect((await invoke('POST /auth/verify-totp', { token: ann.otpToken, body: { email: ann.email, code: '123456' } })).statusCode).toBe(409);
  });
});

describe('authenticator app (TOTP)', () => {
  it('enrols with a first code, answers ten recovery codes once, and shows in the settings', async () => {
    const { secret, recoveryCodes } = await enrolTotp();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect(await security()).toMatchObject({ totp: true, recoveryCodesLeft: 10, passkeys: [], devices: [] });
    // Only hashes of the codes are stored, and the app's secret only sealed: neither appears anywhere in the table.
    const table = (await scanTable()).join('\n');
    for (const code of recoveryCodes) expect(table).not.toContain(code);
    expect(table).not.toContain(secret);
    // A second start is refused while one is set up.
    expect((await invoke('POST /auth/totp/start', { token: ann.token })).statusCode).toBe(409);
  });

  it('refuses a wrong first code (401, counted) and stays off', async () => {
    const start = await invoke('POST /auth/totp/start', { token: ann.token });
    const { secret } = start.json as { secret: string };
    const res = await invoke('POST /auth/totp/confirm', { token: ann.token, body: { code: wrongCodeOf(secret) }, sourceIp: address });
    expect(res.statusCode).toBe(401);
    expect(await counterHits(LIMITS.factorAccount.name, ann.id)).toBe(1);
    expect(await security()).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
  });

  it('signs in with a code computed by the app: no mail at login, full token, and the code works once', async () => {
    const { secret } = await enrolTotp();
    later(30_000); // the confirming code's step is spent: sign in with the next one
    const res = await login();
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ factors: ['totp', 'recovery', 'email'] });
    expect(await mailedCodes(ann.email)).toHaveLength(0);
    const otpToken = (res.json as { token: string }).token;
    expect((await verifySessionToken(otpToken))?.scope).toBe('otp');

    const code = codeOf(secret);
    const ok = await invoke('POST /auth/verify-totp', { token: otpToken, body: { email: ann.email, code }, sourceIp: address });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await verifySessionToken((ok.json as { token: string }).token)).toEqual({
      userId: ann.id,
      role: 'user',
      scope: 'full',
      sessionId: expect.any(String),
    });
    expect(ok.json).not.toHaveProperty('deviceToken');

    const replay = await invoke('POST /auth/verify-totp', { token: otpToken, body: { email: ann.email, code }, sourceIp: address });
    expect(replay.statusCode).toBe(401);
  });

  it('answers 401 to a wrong code and counts it on the account and the address', async () => {
    const { secret } = await enrolTotp();
    const res = await invoke('POST /auth/verify-totp', { token: ann.otpToken, body: { email: ann.email, code: wrongCodeOf(secret) }, sourceIp: address });
    expect(res.statusCode).toBe(401);
    expect(await counterHits(LIMITS.factorAccount.name, ann.id)).toBe(1);
    expect(await counterHits(LIMITS.factorAddress.name, address)).toBe(1);
  });

  it('refuses with 429 once the free wrong tries are spent, even for a right code', async () => {
    const { secret } = await enrolTotp();
    for (let i = 0; i < LIMITS.factorAccount.free; i++) {
      const res = await invoke('POST /auth/verify-totp', { token: ann.otpToken, body: { email: ann.email, code: wrongCodeOf(secret) }, sourceIp: address });
      expect(res.statusCode).toBe(401);
    }
    await invoke('POST /auth/verify-totp', { token: ann.otpToken, body: { email: ann.email, code: wrongCodeOf(secret) }, sourceIp: address });
    // The next step's code (inside the window, not yet used) is right, and still refused.
    const next = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: Date.now() + 30_000 });
    const right = await invoke('POST /auth/verify-totp', { token: ann.otpToken, body: { email: ann.email, code: next }, sourceIp: address });
    expect(right.statusCode).toBe(429);
    expect(right.headers?.['retry-after']).toBeDefined();
  });

  it('is removed with the password, not with a wrong one; login mails a code again', async () => {
    await enrolTotp();
    expect((await invoke('POST /auth/totp/remove', { token: ann.token, body: { password: 'Wr0ng!pass' }, sourceIp: address })).statusCode).toBe(401);
    expect(await security()).toMatchObject({ totp: true });
    const res = await invoke('POST /auth/totp/remove', { token: ann.token, body: { password: PASSWORD }, sourceIp: address });
    expect(res.statusCode).toBe(200);
    expect(await security()).toMatchObject({ totp: false });
    // Recovery codes alone are no second factor: the mailed code is the step again.
    expect((await login()).json).toMatchObject({ factors: ['email'] });
    expect(await mailedCodes(ann.email)).toHaveLength(1);
  });
});

describe('recovery codes', () => {
  it('sign in once each: the same code a second time is 401', async () => {
    const { recoveryCodes } = await enrolTotp();
    const [first] = recoveryCodes;
    const use = (code: string) => invoke('POST /auth/verify-recovery-code', { token: ann.otpToken, body: { email: ann.email, code }, sourceIp: address });

    const ok = await use(first!.toLowerCase().replace('-', ''));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await verifySessionToken((ok.json as { token: string }).token))?.scope).toBe('full');
    expect(await security()).toMatchObject({ recoveryCodesLeft: 9 });

    expect((await use(first!)).statusCode).toBe(401);
    expect(await security()).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it('regenerating makes ten new ones and the old ones stop working', async () => {
    const { recoveryCodes } = await enrolTotp();
    const res = await invoke('POST /auth/recovery-codes', { token: ann.token });
    expect(res.statusCode).toBe(200);
    const { codes } = res.json as { codes: string[] };
    expect(codes).toHaveLength(10);
    const old = await invoke('POST /auth/verify-recovery-code', { token: ann.otpToken, body: { email: ann.email, code: recoveryCodes[0] }, sourceIp: address });
    expect(old.statusCode).toBe(401);
    const fresh = await invoke('POST /auth/verify-recovery-code', { token: ann.otpToken, body: { email: ann.email, code: codes[0] }, sourceIp: address });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('remembered devices', () => {
  /** Passes the mailed-code step with "remember this device"; returns the device token. */
  async function remember(): Promise<string> {
    await login();
    const [code] = await mailedCodes(ann.email);
    const res = await invoke('POST /auth/verify-otp', {
      token: ann.otpToken,
      body: { email: ann.email, otp: code, rememberDevice: true },
      headers: { 'user-agent': 'Test Browser 1.0' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json as { deviceToken: string }).deviceToken;
  }

  it('skip the second step at login with a full token, and are listed', async () => {
    const deviceToken = await remember();
    expect(deviceToken).toMatch(/^[0-9A-Z]{26}\.[\w-]{43}$/);
    const res = await login({ deviceToken });
    expect(res.statusCode).toBe(200);
    expect(res.json).toMatchObject({ message: 'Signed in on a remembered device.' });
    expect((await verifySessionToken((res.json as { token: string }).token))?.scope).toBe('full');
    expect(await mailedCodes(ann.email)).toHaveLength(1); // only the one from remember()
    const { devices } = (await security()) as { devices: { label: string }[] };
    expect(devices).toEqual([expect.objectContaining({ label: 'Test Browser 1.0' })]);
    // The token is stored hashed only.
    expect((await scanTable()).join('\n')).not.toContain(deviceToken.split('.')[1]);
  });

  it('do not skip it once forgotten, nor for another account, nor past 30 days', async () => {
    const deviceToken = await remember();
    const bob = await newAccount('user', 'factor');
    const asBob = await invoke('POST /auth/login', { body: { email: bob.email, password: PASSWORD, recaptchaToken: 'x', deviceToken }, sourceIp: address });
    expect((await verifySessionToken((asBob.json as { token: string }).token))?.scope).toBe('otp');

    expect((await invoke('DELETE /auth/devices', { token: ann.token })).statusCode).toBe(200);
    const res = await login({ deviceToken });
    expect(res.statusCode).toBe(200);
    expect((await verifySessionToken((res.json as { token: string }).token))?.scope).toBe('otp');
    expect(await security()).toMatchObject({ devices: [] });

    const again = await remember();
    later(30 * 24 * 60 * 60_000 + 1000);
    expect((await verifySessionToken(((await login({ deviceToken: again })).json as { token: string }).token))?.scope).toBe('otp');
  });

  it('are forgotten by a password reset', async () => {
    const deviceToken = await remember();
    const token = newResetToken(ann.id);
    await storeResetToken(ann.id, hashResetToken(token));
    const NEW = 'N3w!passw0rd';
    expect((await invoke('POST /auth/reset-password', { body: { token, password: NEW } })).statusCode).toBe(200);
    const res = await invoke('POST /auth/login', { body: { email: ann.email, password: NEW, recaptchaToken: 'x', deviceToken }, sourceIp: address });
    expect(res.statusCode).toBe(200);
    expect((await verifySessionToken((res.json as { token: string }).token))?.scope).toBe('otp');
  });
});

describe('passkeys', () => {
  async function addPasskey() {
    const key = softwarePasskey();
    const options = await invoke('POST /auth/passkeys/options', { token: ann.token });
    expect(options.statusCode, options.body).toBe(200);
    const res = await invoke('POST /auth/passkeys', {
      token: ann.token,
      body: { name: 'Laptop', response: key.register(options.json as { challenge: string; rp: { id: string } }, ORIGIN) },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json as { recoveryCodes?: string[] }).recoveryCodes).toHaveLength(10);
    return key;
  }

  it('register with a software authenticator and sign in with it', async () => {
    const key = await addPasskey();
    expect(await security()).toMatchObject({ passkeys: [{ id: key.credentialId, name: 'Laptop' }] });
    const res = await login();
    expect(res.json).toMatchObject({ factors: ['passkey', 'recovery', 'email'] });
    expect(await mailedCodes(ann.email)).toHaveLength(0);

    const options = await invoke('POST /auth/passkey/options', { token: ann.otpToken, body: { email: ann.email } });
    expect(options.statusCode).toBe(200);
    const response = key.signIn(options.json as { challenge: string; rpId: string }, ORIGIN);
    const ok = await invoke('POST /auth/passkey/verify', { token: ann.otpToken, body: { email: ann.email, response, rememberDevice: true } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await verifySessionToken((ok.json as { token: string }).token))?.scope).toBe('full');
    expect(typeof (ok.json as { deviceToken?: string }).deviceToken).toBe('string');

    // The challenge is spent: the same assertion again is refused and counted.
    const replay = await invoke('POST /auth/passkey/verify', { token: ann.otpToken, body: { email: ann.email, response }, sourceIp: address });
    expect(replay.statusCode).toBe(401);
    expect(await counterHits(LIMITS.factorAccount.name, ann.id)).toBe(1);
  });

  it('refuse an assertion from another key or another origin', async () => {
    await addPasskey();
    const stranger = softwarePasskey();
    const options = (await invoke('POST /auth/passkey/options', { token: ann.otpToken, body: { email: ann.email } })).json as {
      challenge: string;
      rpId: string;
    };
    const forged = await invoke('POST /auth/passkey/verify', { token: ann.otpToken, body: { email: ann.email, response: stranger.signIn(options, ORIGIN) } });
    expect(forged.statusCode).toBe(401);
  });

  it('refuse a registration answered for another origin, and can be removed', async () => {
    const key = softwarePasskey();
    const options = await invoke('POST /auth/passkeys/options', { token: ann.token });
    const phished = await invoke('POST /auth/passkeys', {
      token: ann.token,
      body: { response: key.register(options.json as { challenge: string; rp: { id: string } }, 'http://evil.example') },
    });
    expect(phished.statusCode).toBe(400);
    expect(await security()).toMatchObject({ passkeys: [] });

    const added = await addPasskey();
    expect((await invoke('DELETE /auth/passkeys/{id}', { token: ann.token, params: { id: added.credentialId } })).statusCode).toBe(200);
    expect(await security()).toMatchObject({ passkeys: [] });
    expect((await invoke('POST /auth/passkey/options', { token: ann.otpToken, body: { email: ann.email } })).statusCode).toBe(409);
  });
});
