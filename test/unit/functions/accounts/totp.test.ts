/** Authenticator-app codes: the window of one step either side, and which step a code belongs to. */
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newTotpSecret, totpStepOf } from '../../../../functions/accounts/totp';
import { hashRecoveryCode, newRecoveryCode } from '../../../../functions/security/secrets';

const T0 = Date.UTC(2026, 0, 1, 12, 0, 15); // 15 s into a step
const codeAt = (secret: string, at: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at });
const stepAt = (at: number) => Math.floor(at / 30_000);

describe('totpStepOf', () => {
  const { secret, uri } = newTotpSecret('ann@example.com');

  it('makes a 160-bit secret and a URI an authenticator app reads', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const parsed = new URL(uri);
    expect(parsed.protocol).toBe('otpauth:');
    expect(parsed.searchParams.get('secret')).toBe(secret);
    expect(parsed.searchParams.get('issuer')).toBe('PrepaidShip');
    expect(decodeURIComponent(parsed.pathname)).toContain('ann@example.com');
  });

  it("accepts the current step's code and names that step", () => {
    expect(totpStepOf(secret, codeAt(secret, T0), T0)).toBe(stepAt(T0));
  });

  it('accepts the step before and after (a clock a little off), naming the step the code was for', () => {
    expect(totpStepOf(secret, codeAt(secret, T0 - 30_000), T0)).toBe(stepAt(T0) - 1);
    expect(totpStepOf(secret, codeAt(secret, T0 + 30_000), T0)).toBe(stepAt(T0) + 1);
  });

  it('refuses codes two steps away, and codes of another secret', () => {
    expect(totpStepOf(secret, codeAt(secret, T0 - 60_000), T0)).toBeUndefined();
    expect(totpStepOf(secret, codeAt(secret, T0 + 60_000), T0)).toBeUndefined();
    const other = newTotpSecret('bob@example.com').secret;
    expect(totpStepOf(secret, codeAt(other, T0), T0)).toBeUndefined();
  });
});

describe('recovery codes', () => {
  it('look like ABCDE-23456 and hash the same however they are typed', () => {
    const code = newRecoveryCode();
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    const hash = hashRecoveryCode('user-1', code);
    expect(hashRecoveryCode('user-1', code.toLowerCase().replace('-', ' '))).toBe(hash);
    expect(hashRecoveryCode('user-2', code)).not.toBe(hash);
  });
});
