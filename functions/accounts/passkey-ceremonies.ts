/**
 * Passkey (WebAuthn) ceremonies with @simplewebauthn/server: registering a passkey on a signed-in
 * account and signing in with one. The relying party is the site itself: its ID is the host of the
 * origin links point at (functions/http/app-origin.ts), and only that origin's answers verify.
 * 'none' attestation: we trust the passkey to be the owner's because a signed-in owner made it, not
 * because of who built the authenticator.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { getPasskey, listPasskeys, MAX_PASSKEYS, recordPasskeyUse, storeChallenge, storePasskey, takeChallenge, type Passkey } from '../data/passkeys';
import { BadRequest, Conflict } from '../errors';
import type { User } from '../../domain/api/users';

const RP_NAME = 'PrepaidShip';

export interface RelyingParty {
  /** The origin the browser shows (https://ship.example.com). */
  origin: string;
  /** Its host: the scope passkeys are bound to. */
  rpID: string;
}

export const relyingParty = (appOrigin: string): RelyingParty => ({ origin: appOrigin, rpID: new URL(appOrigin).hostname });

const transportsOf = (p: Passkey) => p.transports as AuthenticatorTransport[];
type AuthenticatorTransport = 'ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb';

export const PASSKEY_REFUSED = 'That passkey could not be verified. Please try again.';

/** Creation options for a new passkey on the account, excluding the ones it has; the challenge is stored. */
export async function registrationOptions(user: User, rp: RelyingParty): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const existing = await listPasskeys(user.id);
  if (existing.length >= MAX_PASSKEYS) throw new Conflict(`An account can have at most ${MAX_PASSKEYS} passkeys. Remove one first.`);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.rpID,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await storeChallenge(user.id, 'register', options.challenge);
  return options;
}

/** Verifies the browser's answer to the stored challenge and stores the passkey; 400 when it does not verify. */
export async function registerPasskey(user: User, rp: RelyingParty, response: RegistrationResponseJSON, name: string | undefined): Promise<void> {
  const challenge = await takeChallenge(user.id, 'register');
  if (!challenge) throw new BadRequest('The passkey request expired. Please try again.');
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    });
  } catch {
    throw new BadRequest(PASSKEY_REFUSED);
  }
  if (!result.verified) throw new BadRequest(PASSKEY_REFUSED);
  const { credential } = result.registrationInfo;
  await storePasskey(user.id, {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
    name: name?.trim() || 'Passkey',
    createdAt: new Date().toISOString(),
  });
}

/** Request options for signing in with one of the account's passkeys; the challenge is stored. */
export async function signInOptions(userId: string, rp: RelyingParty): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const passkeys = await listPasskeys(userId);
  if (passkeys.length === 0) throw new Conflict('This account has no passkey.');
  const options = await generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    userVerification: 'preferred',
  });
  await storeChallenge(userId, 'signin', options.challenge);
  return options;
}

/** True when the answer is a valid assertion of one of the account's passkeys over the stored challenge. */
export async function passkeySignInWorks(userId: string, rp: RelyingParty, response: AuthenticationResponseJSON): Promise<boolean> {
  const challenge = await takeChallenge(userId, 'signin');
  const passkey = challenge ? await getPasskey(userId, response.id) : undefined;
  if (!challenge || !passkey) return false;
  try {
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: passkey.transports,
      },
      requireUserVerification: false,
    });
    if (!result.verified) return false;
    await recordPasskeyUse(userId, passkey.credentialId, result.authenticationInfo.newCounter);
    return true;
  } catch {
    return false;
  }
}
