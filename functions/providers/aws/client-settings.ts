/**
 * The settings every AWS SDK v3 client of the product is made with: DynamoDB's document client
 * (functions/data/client.ts), S3, SES v2, SQS and SSM. One place, so each client's attempts and
 * waits are chosen against the time its Lambda has.
 *
 * Retries: the SDK's standard strategy (its retry quota included: 500 tokens per client, 5 a
 * throttled retry, 14 another, refunded on success) with our own backoff, "equal jitter": the n-th
 * wait is between half and all of BASE_WAIT_MS * 2^(n-1). The SDK's default draws each wait from
 * zero up (0-1, 0-2 s for throttling), so two retries may wait almost nothing and a partition hot
 * for a second outlasts them; here the waits before the 4th attempt add up to at least 1.05 s
 * (150 + 300 + 600 ms) and at most 2.1 s, so a second of throttling is always outlasted.
 *
 * Timeouts, and why every attempt fits in the Lambda. A route Lambda has 10 s
 * (infra/constructs/route-function.ts); the batch worker 2 min and the scheduled work 50 s have more.
 * - DynamoDB: 4 attempts of at most 0.5 s to connect + 1 s for the request and its answer (DynamoDB
 *   answers in milliseconds; a request still open after a second is better sent again, and a
 *   transaction carries its idempotency token across attempts), plus waits of at most 2.1 s:
 *   4 x 1.5 + 2.1 = 8.1 s < 10 s.
 * - S3, SES, SQS, SSM: 3 attempts of 0.5 s + 2 s (a label PDF upload, a mail), plus waits of at
 *   most 0.3 + 0.6 s: 3 x 2.5 + 0.9 = 8.4 s < 10 s.
 * - A DynamoDB reached over plain http (DynamoDB Local, a container: `npm start`, the tests) gets
 *   5 s to connect and 5 s per request, the same attempts and waits: a JVM on a shared laptop
 *   pauses for longer than the service ever does (a burst of new connections can wait a second to
 *   be accepted), and no Lambda timeout applies there.
 *
 * A connection that times out is retried only while the client's retry quota lasts (14 tokens each):
 * some thirty-five timeouts at once empty it, and the next failure reaches the caller at its first attempt.
 * That is the quota's purpose against a struggling service; against a local JVM it only turns a
 * pause into errors, hence the longer local waits.
 *
 * Keep-alive: each client keeps its connections open between invocations (one TLS handshake per
 * container, not per call), as the SDK's default agent does; said here so it never depends on a
 * default.
 */
import { ConfiguredRetryStrategy } from '@smithy/core/retry';
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';

/**
 * Whether a DynamoDB endpoint is a local one (DynamoDB Local, a container): AWS serves DynamoDB over
 * TLS only. A local one accepts any credentials, and LOCAL_CREDENTIALS keep a developer's AWS
 * profile out of it; an https endpoint is a real table, reached with the SDK's credential chain.
 */
export const isLocalEndpoint = (endpoint: string): boolean => new URL(endpoint).protocol === 'http:';
export const LOCAL_CREDENTIALS = { accessKeyId: 'local', secretAccessKey: 'local' };

/** The first wait's upper bound; each later wait doubles it (see equalJitter). */
export const BASE_WAIT_MS = 300;

/**
 * The wait before attempt `attempt + 1` (the SDK counts the first retry as attempt 1): between half
 * and all of BASE_WAIT_MS * 2^(attempt-1).
 */
export const equalJitter = (attempt: number, random: () => number = Math.random): number => {
  const ceiling = BASE_WAIT_MS * 2 ** (attempt - 1);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
};

export interface ClientLimits {
  maxAttempts: number;
  connectionTimeoutMs: number;
  requestTimeoutMs: number;
}

export const DYNAMODB_LIMITS: ClientLimits = { maxAttempts: 4, connectionTimeoutMs: 500, requestTimeoutMs: 1_000 };
export const LOCAL_DYNAMODB_LIMITS: ClientLimits = { ...DYNAMODB_LIMITS, connectionTimeoutMs: 5_000, requestTimeoutMs: 5_000 };
export const SERVICE_LIMITS: ClientLimits = { maxAttempts: 3, connectionTimeoutMs: 500, requestTimeoutMs: 2_000 };

/** The longest one call can take with `limits`: every attempt timing out, every wait at its longest. */
export function worstCaseMs({ maxAttempts, connectionTimeoutMs, requestTimeoutMs }: ClientLimits): number {
  let waits = 0;
  for (let retry = 1; retry < maxAttempts; retry++) waits += equalJitter(retry, () => 1);
  return maxAttempts * (connectionTimeoutMs + requestTimeoutMs) + waits;
}

/** The client configuration for `limits`: retry strategy and request handler. */
export function clientSettings(limits: ClientLimits) {
  return {
    retryStrategy: new ConfiguredRetryStrategy(limits.maxAttempts, (attempt) => equalJitter(attempt)),
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Without it the SDK only logs a warning when requestTimeout passes and keeps waiting.
      throwOnRequestTimeout: true,
      httpsAgent: new HttpsAgent({ keepAlive: true }),
      httpAgent: new HttpAgent({ keepAlive: true }),
    },
  };
}
