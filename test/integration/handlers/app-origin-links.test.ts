/**
 * Every link a request makes (checkout return URLs, the sandbox checkout page, Hoodpay's notify URL,
 * the password reset link) points at functions/http/app-origin.ts's answer, through the real
 * handlers on DynamoDB Local: APP_URL in AWS whatever the browser's headers say (a reset link that
 * followed Host would hand the victim's token to whoever asked), and locally the loopback origin the
 * front served, so a payment started from http://127.0.0.1 comes back there.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../functions/config';
import { getLocalCheckout } from '../../../functions/data/local-checkouts';
import { listOutbox } from '../../../functions/data/outbox';
import { SERVED_ORIGIN_HEADER } from '../../../functions/http/app-origin';
import { invoke, newAccount, type Account } from '../security/actors';

const SITE = 'https://ship.example.com';
const ATTACKER = 'https://evil.example';
/** Everything a browser or a script can send to steer a link. */
const forged = {
  host: 'evil.example',
  origin: ATTACKER,
  referer: `${ATTACKER}/`,
  'x-forwarded-host': 'evil.example',
  [SERVED_ORIGIN_HEADER]: 'http://127.0.0.1:3000',
};

let ann: Account;
let n = 0;
beforeEach(async () => {
  vi.stubEnv('APP_URL', SITE);
  resetConfigForTests();
  ann = await newAccount('user', 'links');
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

const useLocalFront = () => {
  vi.stubEnv('TRUST_LOCAL_ORIGIN', 'true');
  resetConfigForTests();
};

async function resetLink(headers: Record<string, string>): Promise<string> {
  const res = await invoke('POST /auth/forgot-password', { body: { email: ann.email }, headers, sourceIp: `198.51.100.${++n}` });
  expect(res.statusCode).toBe(200);
  const [mail] = (await listOutbox({ to: ann.email })).filter((m) => m.subject === 'Reset your PrepaidShip password');
  return /https?:\/\/\S+/.exec(mail?.text ?? '')?.[0] ?? '';
}

async function cardCheckout(headers: Record<string, string>) {
  const res = await invoke('POST /stripe/create-checkout-session', { token: ann.token, body: { amount: 12 }, headers });
  expect(res.statusCode, res.body).toBe(200);
  const { id, url } = res.json as { id: string; url: string };
  return { url, checkout: await getLocalCheckout(id) };
}

async function cryptoCheckout(headers: Record<string, string>) {
  const res = await invoke('POST /hoodpay/topup', { token: ann.token, body: { amount: 12, creditType: 'Crypto' }, headers });
  expect(res.statusCode, res.body).toBe(200);
  const { url, hoodpayOrderId } = (res.json as { data: { url: string; hoodpayOrderId: string } }).data;
  return { url, checkout: await getLocalCheckout(hoodpayOrderId) };
}

describe('in AWS (no TRUST_LOCAL_ORIGIN): APP_URL, whatever the request says', () => {
  it('mails the reset link on APP_URL even when Host, Origin and the local header name an attacker or 127.0.0.1', async () => {
    const link = await resetLink(forged);
    expect(link.startsWith(`${SITE}/reset-password?token=`), link).toBe(true);
  });

  it('sends the payer to and back from APP_URL: card and crypto checkouts, and the notify URL', async () => {
    const card = await cardCheckout(forged);
    expect(card.url.startsWith(`${SITE}/_local/checkout/`)).toBe(true);
    expect(card.checkout).toMatchObject({
      successUrl: `${SITE}/user-dashboard/transactions?checkout=success`,
      cancelUrl: `${SITE}/user-dashboard/transactions?checkout=cancelled`,
    });
    const crypto = await cryptoCheckout(forged);
    expect(crypto.url.startsWith(`${SITE}/_local/checkout/`)).toBe(true);
    expect(crypto.checkout).toMatchObject({ successUrl: `${SITE}/user-dashboard/transactions?checkout=success`, notifyUrl: `${SITE}/hoodpay/webhook` });
  });
});

describe('behind the local front (TRUST_LOCAL_ORIGIN): the loopback origin it served', () => {
  const served = { host: '127.0.0.1:3203', [SERVED_ORIGIN_HEADER]: 'http://127.0.0.1:3203' };

  it('mails the reset link on the origin the person opened', async () => {
    useLocalFront();
    const link = await resetLink(served);
    expect(link.startsWith('http://127.0.0.1:3203/reset-password?token='), link).toBe(true);
  });

  it('opens the sandbox checkout there and returns there, for cards and crypto', async () => {
    useLocalFront();
    const card = await cardCheckout(served);
    expect(card.url).toMatch(/^http:\/\/127\.0\.0\.1:3203\/_local\/checkout\/cs_test_local_/);
    expect(card.checkout).toMatchObject({
      successUrl: 'http://127.0.0.1:3203/user-dashboard/transactions?checkout=success',
      cancelUrl: 'http://127.0.0.1:3203/user-dashboard/transactions?checkout=cancelled',
    });
    const crypto = await cryptoCheckout(served);
    expect(crypto.url).toMatch(/^http:\/\/127\.0\.0\.1:3203\/_local\/checkout\/hp_local_/);
    expect(crypto.checkout).toMatchObject({ notifyUrl: 'http://127.0.0.1:3203/hoodpay/webhook' });
  });

  it('still refuses a served origin that is not loopback: APP_URL', async () => {
    useLocalFront();
    const link = await resetLink({ host: 'evil.example', [SERVED_ORIGIN_HEADER]: 'http://evil.example' });
    expect(link.startsWith(`${SITE}/reset-password?token=`), link).toBe(true);
  });
});
