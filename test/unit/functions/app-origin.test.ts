/**
 * Where links point (functions/http/app-origin.ts): APP_URL in AWS whatever the request says, the
 * loopback origin the local front served only when the front may vouch for it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../functions/config';
import { appOrigin, loopbackOrigin, SERVED_ORIGIN_HEADER } from '../../../functions/http/app-origin';

const SITE = 'https://ship.example.com';

function useEnv(vars: Record<string, string>) {
  vi.stubEnv('APP_URL', `${SITE}/`);
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}
afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

/** What a browser (or an attacker's script) can put in a request's headers. */
const steering = (origin: string) => ({ host: new URL(origin).host, origin, referer: `${origin}/`, 'x-forwarded-host': new URL(origin).host });

describe('appOrigin in AWS (no TRUST_LOCAL_ORIGIN)', () => {
  it("is APP_URL's origin whatever Host, Origin, Referer or the front's own header say", () => {
    useEnv({});
    for (const origin of ['https://evil.example', 'http://127.0.0.1:3000', 'http://localhost:3000']) {
      expect(appOrigin({ ...steering(origin), [SERVED_ORIGIN_HEADER]: origin }), origin).toBe(SITE);
    }
    expect(appOrigin()).toBe(SITE);
  });

  it('stays APP_URL on a Lambda or a staged deployment even if the local flag were set', () => {
    const served = { [SERVED_ORIGIN_HEADER]: 'http://127.0.0.1:3000' };
    // The forgot-password Lambda's own secrets: it takes no payments, so production asks no Stripe key of it.
    useEnv({ TRUST_LOCAL_ORIGIN: 'true', AWS_LAMBDA_FUNCTION_NAME: 'prepaidship-forgot-password', SECRETS_USED: 'JWT_SECRET,ORIGIN_VERIFY_SECRET' });
    expect(appOrigin(served)).toBe(SITE);
    useEnv({ TRUST_LOCAL_ORIGIN: 'true', STAGE: 'dev' });
    expect(appOrigin(served)).toBe(SITE);
  });
});

describe('appOrigin behind the local front (TRUST_LOCAL_ORIGIN)', () => {
  it('follows the loopback origin the front served, port included', () => {
    useEnv({ TRUST_LOCAL_ORIGIN: 'true' });
    expect(appOrigin({ [SERVED_ORIGIN_HEADER]: 'http://127.0.0.1:3203' })).toBe('http://127.0.0.1:3203');
    expect(appOrigin({ [SERVED_ORIGIN_HEADER]: 'http://localhost:3000' })).toBe('http://localhost:3000');
    expect(appOrigin({ [SERVED_ORIGIN_HEADER]: 'http://[::1]:3000' })).toBe('http://[::1]:3000');
  });

  it('ignores Host and Origin: only the header the front sets counts', () => {
    useEnv({ TRUST_LOCAL_ORIGIN: 'true' });
    expect(appOrigin(steering('http://127.0.0.1:3000'))).toBe(SITE);
  });

  it('refuses a served host that is not loopback (DNS rebinding), and anything but plain http', () => {
    useEnv({ TRUST_LOCAL_ORIGIN: 'true' });
    for (const bad of [
      'http://evil.example',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example:3000',
      'https://127.0.0.1:3000',
      'javascript:alert(1)',
      'http://user@127.0.0.1:3000',
      'http://192.168.1.5:3000',
      '',
    ]) {
      expect(appOrigin({ [SERVED_ORIGIN_HEADER]: bad }), bad).toBe(SITE);
    }
  });
});

describe('loopbackOrigin', () => {
  it('accepts localhost, *.localhost, 127/8 and [::1] over http only', () => {
    expect(loopbackOrigin('http://app.localhost:5173')).toBe('http://app.localhost:5173');
    expect(loopbackOrigin('http://127.1.2.3')).toBe('http://127.1.2.3');
    expect(loopbackOrigin('http://127.0.0.1:3000/path')).toBeUndefined();
    expect(loopbackOrigin('ftp://127.0.0.1')).toBeUndefined();
    expect(loopbackOrigin(undefined)).toBeUndefined();
  });
});
