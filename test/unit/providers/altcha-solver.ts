/**
 * Does in a test what the altcha widget does in the browser: finds the counter that solves a
 * challenge and encodes the payload the form posts (base64 of { challenge, solution }).
 * Shared by the unit and integration captcha tests.
 */
import { solveChallenge, type Challenge, type Payload } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export const encodePayload = (payload: Payload): string => Buffer.from(JSON.stringify(payload)).toString('base64');
export const decodePayload = (token: string): Payload => JSON.parse(Buffer.from(token, 'base64').toString('utf8'));

/** The payload string for a solved challenge, exactly as the widget 3.x builds it. */
export async function solveAltcha(challenge: unknown): Promise<string> {
  const { parameters, signature } = challenge as Challenge;
  const solution = await solveChallenge({ challenge: { parameters, signature }, deriveKey });
  if (!solution) throw new Error('the altcha challenge was not solved in time');
  return encodePayload({ challenge: { parameters, signature }, solution });
}
