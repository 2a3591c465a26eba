import { ConditionalCheckFailedException, ProvisionedThroughputExceededException } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Challenge } from 'altcha-lib';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAltchaCaptcha } from '../../../functions/providers/captcha/altcha-captcha';
import { decodePayload, encodePayload, solveAltcha } from './altcha-solver';

const ddb = mockClient(DynamoDBDocumentClient);
const table = process.env.TABLE_NAME as string;

const hmacKey = 'altcha-test-key-altcha-test-key-0123';
// Small work keeps the tests fast; the server does the same work at any size.
const altcha = createAltchaCaptcha({ hmacKey, maxNumber: 1_000 });

async function newChallenge(): Promise<Challenge> {
  const answer = await altcha.challenge();
  if (answer.provider !== 'altcha') throw new Error('expected an altcha challenge');
  return answer.challenge as Challenge;
}

beforeEach(() => {
  ddb.reset();
  ddb.on(PutCommand).resolves({});
});
afterEach(() => vi.useRealTimers());

describe('altcha challenge', () => {
  it('is a signed v2 SHA-256 challenge that expires in 10 minutes', async () => {
    const now = Math.floor(Date.now() / 1000);
    const challenge = await newChallenge();
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({ algorithm: 'SHA-256', cost: 1, keyLength: 32 });
    expect(challenge.parameters.keyPrefix).toMatch(/^[0-9a-f]+$/);
    expect(challenge.parameters.expiresAt! - now).toBeGreaterThanOrEqual(599);
    expect(challenge.parameters.expiresAt! - now).toBeLessThanOrEqual(601);
  });

  it('never asks the browser to go past maxNumber', async () => {
    const { parameters, signature } = await newChallenge();
    const { solution } = decodePayload(await solveAltcha({ parameters, signature }));
    expect(solution.counter).toBeGreaterThanOrEqual(500);
    expect(solution.counter).toBeLessThanOrEqual(1_000);
  });
});

describe('altcha verify', () => {
  it('accepts a solved challenge and claims it until it expires', async () => {
    const challenge = await newChallenge();
    expect(await altcha.verify(await solveAltcha(challenge))).toBe(true);
    // The claim is what makes a solution count once: keyed by the challenge, kept until it expires, only if new.
    expect(ddb).toHaveReceivedCommandWith(PutCommand, {
      TableName: table,
      Item: expect.objectContaining({ pk: `CAPTCHA#${challenge.signature}`, expiresAt: challenge.parameters.expiresAt }),
      ConditionExpression: 'attribute_not_exists(pk)',
    });
  });

  it('refuses a solution used before (the claim already exists)', async () => {
    ddb
      .on(PutCommand)
      .resolvesOnce({})
      .rejects(new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} }));
    const token = await solveAltcha(await newChallenge());
    expect(await altcha.verify(token)).toBe(true);
    expect(await altcha.verify(token)).toBe(false);
    expect(ddb).toHaveReceivedCommandTimes(PutCommand, 2);
  });

  it('refuses a challenge whose parameters were changed', async () => {
    const payload = decodePayload(await solveAltcha(await newChallenge()));
    payload.challenge.parameters.expiresAt = payload.challenge.parameters.expiresAt! + 3600;
    expect(await altcha.verify(encodePayload(payload))).toBe(false);
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('refuses a wrong solution to a genuine challenge', async () => {
    const payload = decodePayload(await solveAltcha(await newChallenge()));
    payload.solution.counter += 1;
    expect(await altcha.verify(encodePayload(payload))).toBe(false);
    payload.solution.counter -= 1;
    payload.solution.derivedKey = '00'.repeat(32);
    expect(await altcha.verify(encodePayload(payload))).toBe(false);
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('refuses a challenge signed with another key', async () => {
    const other = createAltchaCaptcha({ hmacKey: 'another-key-another-key-another-key!', maxNumber: 1_000 });
    const answer = await other.challenge();
    expect(await altcha.verify(await solveAltcha(answer.provider === 'altcha' ? answer.challenge : null))).toBe(false);
  });

  it('refuses a solved challenge after its 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - 11 * 60 * 1000);
    const challenge = await newChallenge();
    vi.useRealTimers();
    expect(await altcha.verify(await solveAltcha(challenge))).toBe(false);
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('refuses garbage without throwing', async () => {
    const genuine = decodePayload(await solveAltcha(await newChallenge()));
    const tokens = [
      '',
      'not a token',
      'e30=', // {}
      Buffer.from('null').toString('base64'),
      Buffer.from('[1,2]').toString('base64'),
      // what the widget posts in its `test` mode
      Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64'),
      encodePayload({ ...genuine, solution: { counter: -1, derivedKey: 'zz' } }),
      encodePayload({ ...genuine, solution: { counter: 1e12, derivedKey: genuine.solution.derivedKey } }),
      encodePayload({ challenge: { ...genuine.challenge, signature: '' }, solution: genuine.solution }),
      encodePayload({ challenge: { parameters: { ...genuine.challenge.parameters, nonce: 'xyz' } }, solution: genuine.solution }),
      // parts of the wrong type
      ...[
        { challenge: { ...genuine.challenge, parameters: { ...genuine.challenge.parameters, expiresAt: '9999999999' } }, solution: genuine.solution },
        { challenge: { ...genuine.challenge, parameters: [] }, solution: genuine.solution },
        { challenge: genuine.challenge, solution: { ...genuine.solution, counter: String(genuine.solution.counter) } },
      ].map((payload) => Buffer.from(JSON.stringify(payload)).toString('base64')),
    ];
    for (const token of tokens) expect(await altcha.verify(token), token).toBe(false);
    expect(ddb).not.toHaveReceivedCommand(PutCommand);
  });

  it('lets a DynamoDB failure through, so the caller answers 5xx rather than "robot"', async () => {
    ddb.on(PutCommand).rejects(new ProvisionedThroughputExceededException({ message: 'Rate of requests exceeds the allowed throughput', $metadata: {} }));
    await expect(altcha.verify(await solveAltcha(await newChallenge()))).rejects.toBeInstanceOf(ProvisionedThroughputExceededException);
  });
});
