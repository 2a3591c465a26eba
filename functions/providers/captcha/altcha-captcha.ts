/**
 * ALTCHA, a self-hosted proof-of-work captcha. We sign a challenge; the `altcha` widget (3.x) in the
 * browser searches for the counter that solves it and hands the form a payload: base64 of
 * `{"challenge":{"parameters":{...},"signature":"..."},"solution":{"counter":n,"derivedKey":"..."}}`.
 * verify() checks the signature, the expiry and the solution, then claims the challenge in DynamoDB
 * so one solved challenge signs in or up once.
 *
 * This is ALTCHA's v2 proof of work (altcha-lib's default API), the format widget 3.x speaks natively.
 * SHA-256 with cost 1 in "deterministic" mode: we pick the counter the browser must reach, so
 * ALTCHA_MAX_NUMBER bounds the hashes a browser does, while the server does one hash to make a
 * challenge and one to check it.
 */
import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { claimCaptchaSolution } from '../../data/captcha-claims';
import type { Captcha } from './captcha';

const ALGORITHM = 'SHA-256';
const EXPIRES_IN_SECONDS = 10 * 60;

/** The widget's payload. Parameters stay loose: the signature covers all of them, known or not. */
interface AltchaPayload {
  challenge: {
    parameters: {
      algorithm: string;
      nonce: string;
      salt: string;
      cost: number;
      keyLength: number;
      keyPrefix: string;
      expiresAt: number;
      [name: string]: unknown;
    };
    signature: string;
  };
  solution: { counter: number; derivedKey: string };
}
const STRING_PARAMETERS = ['algorithm', 'nonce', 'salt', 'keyPrefix'] as const;
const NUMBER_PARAMETERS = ['cost', 'keyLength', 'expiresAt'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The payload's parts, typed, or undefined when one is missing or of another type. Checked by hand,
 * not with zod: GET /auth/captcha-challenge, which only makes challenges, then bundles no zod.
 */
function payloadOf(value: unknown): AltchaPayload | undefined {
  if (!isRecord(value) || !isRecord(value.challenge) || !isRecord(value.solution)) return undefined;
  const { parameters, signature } = value.challenge;
  const { counter, derivedKey } = value.solution;
  if (!isRecord(parameters) || typeof signature !== 'string' || signature === '' || typeof counter !== 'number' || typeof derivedKey !== 'string')
    return undefined;
  if (!STRING_PARAMETERS.every((name) => typeof parameters[name] === 'string')) return undefined;
  if (!NUMBER_PARAMETERS.every((name) => typeof parameters[name] === 'number')) return undefined;
  return { challenge: { parameters: parameters as AltchaPayload['challenge']['parameters'], signature }, solution: { counter, derivedKey } };
}

export interface AltchaOptions {
  /** Signs challenges; whoever knows it can mint solved-looking challenges. */
  hmacKey: string;
  /** The largest counter a browser may have to reach. */
  maxNumber: number;
}

/**
 * The key that signs challenges when CAPTCHA_HMAC_KEY is unset: derived from JWT_SECRET, so a
 * deployment has one secret less to manage, yet the challenge key does not reveal JWT_SECRET.
 */
export const deriveAltchaHmacKey = (jwtSecret: string): string => createHmac('sha256', jwtSecret).update('altcha-hmac-key').digest('hex');

export function createAltchaCaptcha({ hmacKey, maxNumber }: AltchaOptions): Captcha {
  return {
    async challenge() {
      const challenge = await createChallenge({
        algorithm: ALGORITHM,
        cost: 1,
        deriveKey,
        // At least half the maximum, so no challenge is nearly free to solve.
        counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
        expiresAt: Math.floor(Date.now() / 1000) + EXPIRES_IN_SECONDS,
        hmacSignatureSecret: hmacKey,
      });
      return { provider: 'altcha', challenge };
    },

    async verify(token) {
      const payload = decodePayload(token);
      if (!payload || !(await isSolved(payload, hmacKey))) return false;
      // The signature is unique per challenge (random nonce and salt), so it names the challenge.
      const { parameters, signature } = payload.challenge;
      return claimCaptchaSolution(signature, parameters.expiresAt);
    },
  };
}

/** The payload in a token, or undefined for anything that is not one (garbage, the widget's test mode). */
function decodePayload(token: string): AltchaPayload | undefined {
  try {
    return payloadOf(JSON.parse(Buffer.from(token, 'base64').toString('utf8')));
  } catch {
    return undefined;
  }
}

/** Signature, expiry and solution all check out. A payload that makes altcha-lib throw is not solved. */
async function isSolved(payload: AltchaPayload, hmacKey: string): Promise<boolean> {
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: hmacKey,
    });
    return result.verified;
  } catch {
    return false;
  }
}
