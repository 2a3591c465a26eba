/**
 * The AWS clients' retry waits and timeouts (functions/providers/aws/client-settings.ts): every wait
 * is "equal jitter" (between half and all of its ceiling), the waits before a DynamoDB call's last
 * attempt always outlast a second of throttling, the SDK's retry strategy really waits them, and the
 * longest a call can take fits in a route Lambda.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BASE_WAIT_MS,
  clientSettings,
  DYNAMODB_LIMITS,
  equalJitter,
  LOCAL_DYNAMODB_LIMITS,
  SERVICE_LIMITS,
  worstCaseMs,
} from '../../../../functions/providers/aws/client-settings';

/** A route Lambda's timeout: `Duration.seconds(10)` in infra/constructs/route-function.ts (not exported). */
const ROUTE_LAMBDA_TIMEOUT_MS = 10_000;

afterEach(() => vi.restoreAllMocks());

describe('equalJitter', () => {
  it('waits between half and all of BASE_WAIT_MS * 2^(attempt-1)', () => {
    for (const attempt of [1, 2, 3, 4]) {
      const ceiling = BASE_WAIT_MS * 2 ** (attempt - 1);
      expect(equalJitter(attempt, () => 0)).toBe(ceiling / 2);
      expect(equalJitter(attempt, () => 0.999_999)).toBe(ceiling);
      for (let i = 0; i < 200; i++) {
        const wait = equalJitter(attempt);
        expect(wait).toBeGreaterThanOrEqual(ceiling / 2);
        expect(wait).toBeLessThanOrEqual(ceiling);
      }
    }
  });

  it('always waits at least a second in all before the 4th attempt, and at most 2.1 s', () => {
    const before4th = (random: () => number) => [1, 2, 3].reduce((sum, attempt) => sum + equalJitter(attempt, random), 0);
    expect(before4th(() => 0)).toBeGreaterThanOrEqual(1_000);
    expect(before4th(() => 0.999_999)).toBeLessThanOrEqual(2_100);
    for (let i = 0; i < 200; i++) expect(before4th(Math.random)).toBeGreaterThanOrEqual(1_000);
  });
});

describe('worstCaseMs', () => {
  it('fits every attempt and every wait of a call inside a route Lambda', () => {
    expect(worstCaseMs(DYNAMODB_LIMITS)).toBe(4 * 1_500 + 2_100);
    expect(worstCaseMs(SERVICE_LIMITS)).toBe(3 * 2_500 + 900);
    expect(worstCaseMs(DYNAMODB_LIMITS)).toBeLessThan(ROUTE_LAMBDA_TIMEOUT_MS);
    expect(worstCaseMs(SERVICE_LIMITS)).toBeLessThan(ROUTE_LAMBDA_TIMEOUT_MS);
  });
});

describe('clientSettings', () => {
  it("gives the SDK the limits' attempts and timeouts, and throws on a request timeout instead of waiting on", async () => {
    for (const limits of [DYNAMODB_LIMITS, LOCAL_DYNAMODB_LIMITS, SERVICE_LIMITS]) {
      const settings = clientSettings(limits);
      expect(await settings.retryStrategy.maxAttempts()).toBe(limits.maxAttempts);
      expect(settings.requestHandler).toMatchObject({
        connectionTimeout: limits.connectionTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        throwOnRequestTimeout: true,
      });
    }
  });

  it("makes the SDK's retry strategy wait equalJitter before each retry of a throttled call, up to the last attempt", async () => {
    const waits: number[] = [];
    // The strategy sleeps with setTimeout: keep the waits it asks for, without waiting them.
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((run: () => void, ms?: number) => {
      waits.push(ms ?? 0);
      run();
      return 0;
    }) as typeof setTimeout);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const strategy = clientSettings(DYNAMODB_LIMITS).retryStrategy;

    let token = await strategy.acquireInitialRetryToken('dynamodb');
    for (let retry = 1; retry < DYNAMODB_LIMITS.maxAttempts; retry++) token = await strategy.refreshRetryTokenForRetry(token, { errorType: 'THROTTLING' });
    await expect(strategy.refreshRetryTokenForRetry(token, { errorType: 'THROTTLING' })).rejects.toThrow();

    expect(waits).toEqual([1, 2, 3].map((attempt) => equalJitter(attempt, () => 0)));
  });
});
