/**
 * Authenticator secrets as stored (functions/security/totp-sealing.ts): sealed under
 * TOTP_ENCRYPTION_KEY for one account; anything else refuses to open rather than give a wrong secret.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../functions/config';
import { openTotpSecret, sealTotpSecret } from '../../../functions/security/totp-sealing';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const ANN = '01JANN0000000000000000000A';
const BOB = '01JBOB0000000000000000000B';

function useKey(key: string | undefined) {
  if (key === undefined) vi.stubEnv('TOTP_ENCRYPTION_KEY', undefined);
  else vi.stubEnv('TOTP_ENCRYPTION_KEY', key);
  resetConfigForTests();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('sealed authenticator secrets', () => {
  it('opens to the secret for its account, and never shows the secret in what is stored', () => {
    useKey('k'.repeat(40));
    const sealed = sealTotpSecret(ANN, SECRET);
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(openTotpSecret(ANN, sealed)).toBe(SECRET);
    // A fresh nonce each time: two seals of one secret differ.
    expect(sealTotpSecret(ANN, SECRET)).not.toBe(sealed);
  });

  it("refuses another account's sealed secret, a changed one, and one sealed under another key", () => {
    useKey('k'.repeat(40));
    const sealed = sealTotpSecret(ANN, SECRET);
    expect(() => openTotpSecret(BOB, sealed)).toThrow();
    const [format, iv, body, tag] = sealed.split('.');
    const flipped = `${body!.slice(0, -2)}${body!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(() => openTotpSecret(ANN, [format, iv, flipped, tag].join('.'))).toThrow();
    expect(() => openTotpSecret(ANN, SECRET)).toThrow(/not sealed/);
    useKey('z'.repeat(40));
    expect(() => openTotpSecret(ANN, sealed)).toThrow();
  });

  it('derives a key from JWT_SECRET when TOTP_ENCRYPTION_KEY is unset, and keeps to it', () => {
    useKey(undefined);
    const sealed = sealTotpSecret(ANN, SECRET);
    resetConfigForTests();
    expect(openTotpSecret(ANN, sealed)).toBe(SECRET);
    useKey('k'.repeat(40));
    expect(() => openTotpSecret(ANN, sealed)).toThrow();
  });
});
