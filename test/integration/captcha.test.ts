/** Altcha replay protection on DynamoDB Local: a solved challenge counts once, even under concurrency. */
import { describe, expect, it } from 'vitest';
import { createAltchaCaptcha } from '../../functions/providers/captcha/altcha-captcha';
import { solveAltcha } from '../unit/providers/altcha-solver';

const altcha = createAltchaCaptcha({ hmacKey: 'integration-altcha-key-0123456789abcdef', maxNumber: 1_000 });

async function solvedToken(): Promise<string> {
  const answer = await altcha.challenge();
  if (answer.provider !== 'altcha') throw new Error('expected altcha');
  return solveAltcha(answer.challenge);
}

describe('altcha on DynamoDB', () => {
  it('accepts a solved challenge once and refuses it the second time', async () => {
    const token = await solvedToken();
    expect(await altcha.verify(token)).toBe(true);
    expect(await altcha.verify(token)).toBe(false);
  });

  it('accepts exactly one of 5 concurrent verifications of one solution', async () => {
    const token = await solvedToken();
    const results = await Promise.all(Array.from({ length: 5 }, () => altcha.verify(token)));
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('keeps solutions of different challenges apart', async () => {
    const [first, second] = await Promise.all([solvedToken(), solvedToken()]);
    expect(await altcha.verify(first)).toBe(true);
    expect(await altcha.verify(second)).toBe(true);
  });
});
