/** POST /auth/send-otp and POST /auth/resend-otp: the same contract, so one suite runs against both, on DynamoDB Local. */
import { beforeEach, describe, expect, it } from 'vitest';
import { signSessionToken } from '../../../session-token';
import { invoke, mailedCodes, newAccount, scanTable, type Account } from '../../security/actors';
import { withoutWrites } from '../table-changes';

let ann: Account;
let bob: Account;
beforeEach(async () => {
  [ann, bob] = await Promise.all([newAccount('user', 'otp'), newAccount('user', 'otp')]);
});

describe.each(['POST /auth/send-otp', 'POST /auth/resend-otp'] as const)('%s', (key) => {
  const post = (body: unknown, token: string | null = ann.otpToken) => invoke(key, { token: token ?? undefined, body });

  it('mails a new code to the token account that the code step accepts, storing only its hash', async () => {
    const res = await post({ email: ann.email });

    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({ message: 'A new code is on its way.' });
    const codes = await mailedCodes(ann.email);
    expect(codes).toHaveLength(1);
    expect((await scanTable()).filter((line) => line.includes(codes[0]!) && !line.includes('"OUTBOX#'))).toEqual([]);
    expect((await invoke('POST /auth/verify-otp', { token: ann.otpToken, body: { email: ann.email, otp: codes[0] } })).statusCode).toBe(200);
  });

  it('matches the email case-insensitively', async () => {
    expect((await post({ email: ` ${ann.email.toUpperCase()} ` })).statusCode).toBe(200);
    expect(await mailedCodes(ann.email)).toHaveLength(1);
  });

  it('also takes a full-scope token', async () => {
    expect((await post({ email: ann.email }, ann.token)).statusCode).toBe(200);
    expect(await mailedCodes(ann.email)).toHaveLength(1);
  });

  it('answers 401 without a token and writes nothing', async () => {
    const res = await withoutWrites(() => post({ email: ann.email }, null));

    expect(res.statusCode).toBe(401);
    expect(res.json).toEqual({ message: 'Please sign in' });
  });

  it('answers 403 for the email of another account, without a code or a mail', async () => {
    const res = await withoutWrites(() => post({ email: bob.email }));

    expect(res.statusCode).toBe(403);
    expect(res.json).toEqual({ message: 'This code is for another account' });
    expect(await mailedCodes(bob.email)).toEqual([]);
  });

  it('answers 401 when the token account no longer exists, writing nothing', async () => {
    const token = await signSessionToken({ userId: '01J9Z3K4M5N6P7Q8R9S0T1V2WZ', role: 'user', scope: 'otp' });
    const res = await withoutWrites(() => post({ email: ann.email }, token));

    expect(res.statusCode).toBe(401);
  });

  it('answers 429 within 30 s of the last code, mails nothing and keeps the first code', async () => {
    await post({ email: ann.email });
    const res = await withoutWrites(() => post({ email: ann.email }));

    expect(res.statusCode).toBe(429);
    expect(res.json).toEqual({ message: 'Please wait 30 seconds before asking for another code.' });
    const codes = await mailedCodes(ann.email);
    expect(codes).toHaveLength(1);
    expect((await invoke('POST /auth/verify-otp', { token: ann.otpToken, body: { email: ann.email, otp: codes[0] } })).statusCode).toBe(200);
  });

  it('answers 400 on the email field for an invalid body, writing nothing', async () => {
    const res = await withoutWrites(() => post({ email: 'nope' }));

    expect(res.statusCode).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid email format', fields: { email: 'Invalid email format' } });
  });
});
