/**
 * Authenticator-app secrets are sealed before they are stored: AES-256-GCM under TOTP_ENCRYPTION_KEY,
 * bound to the account (its id is the associated data), so a read of the table, a backup or an
 * export reveals no secret that makes codes, and a sealed secret copied to another account does not open.
 * The key is its own secret, not JWT_SECRET: changing the session key must not break every
 * authenticator. Without it (local runs and dev) a key derived from JWT_SECRET stands in; a prod
 * synth refuses to go without it (infra/production-guard.ts).
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { config } from '../config';

const FORMAT = 'v1';

function key(): Buffer {
  const c = config();
  const material = c.TOTP_ENCRYPTION_KEY ?? createHmac('sha256', c.JWT_SECRET).update('totp-encryption-key').digest('hex');
  // Any length of key material, one 256-bit key.
  return createHmac('sha256', 'prepaidship totp sealing').update(material).digest();
}

/** `v1.<iv>.<ciphertext>.<tag>` (base64url): the secret sealed for this account. */
export function sealTotpSecret(userId: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [FORMAT, iv, sealed, cipher.getAuthTag()].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secret, or an error when it was not sealed for this account under this key (never a wrong secret). */
export function openTotpSecret(userId: string, stored: string): string {
  const [format, iv, sealed, tag] = stored.split('.');
  if (format !== FORMAT || !iv || !sealed || !tag) throw new Error('stored authenticator secret is not sealed');
  const decipher = createDecipheriv('aes-256-gcm', key(), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
