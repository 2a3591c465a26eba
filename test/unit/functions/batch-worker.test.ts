/**
 * Batch labels without a table: the upload route's file body (415, the bytes as API
 * Gateway sends them, base64 included, judged by the parser), the published document's text/csv
 * request body, and the SQS worker Lambda (one chunk per message, the batch sent again while rows
 * are left, a failing chunk or a failed re-send thrown back to SQS).
 */
import { QueueDoesNotExist, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '../../../domain/api/openapi';
import { resetConfigForTests } from '../../../functions/config';
import { handler as createBatch } from '../../../functions/handlers/shipping/batches/create-batch';
import { signSessionToken } from '../../../functions/http/tokens';
import { batchCsv, sampleRow } from '../../fixtures/batch-csv';
import { apiEvent, call } from './api-event';

// Sessions are the factory's business, tested against DynamoDB Local (test/integration/handlers/auth/sessions.test.ts).
vi.mock('../../../functions/data/sessions', async (original) => (await import('./live-sessions')).liveSessionsModule(original));

const processChunk = vi.hoisted(() => vi.fn<(batchId: string) => Promise<'more' | 'done'>>());
vi.mock('../../../functions/batches/run', () => ({ processChunk }));

const upload = async (body: string, init: { contentType?: string; base64?: boolean } = {}) => {
  const token = await signSessionToken({ userId: '01JBQ7Y3K5N6P8R9S0T1V2W3X4', role: 'user', scope: 'full', sessionId: 's1' });
  return call(
    createBatch,
    apiEvent({
      method: 'POST',
      path: '/shipping/batches',
      headers: { authorization: `Bearer ${token}`, 'content-type': init.contentType ?? 'text/csv; charset=utf-8' },
      body,
      isBase64Encoded: init.base64,
    }),
  );
};

describe('POST /shipping/batches: the file body', () => {
  it('refuses JSON (or no type) with 415 before reading it', async () => {
    expect((await upload('{}', { contentType: 'application/json' })).statusCode).toBe(415);
    expect((await upload(batchCsv([sampleRow()]), { contentType: '' })).json).toEqual({ message: 'Content-Type must be text/csv' });
  });

  it('judges the bytes API Gateway sent base64-encoded: Latin-1 is refused as not UTF-8', async () => {
    const latin1 = Buffer.from(batchCsv([sampleRow({ toName: 'José' })]), 'latin1').toString('base64');
    const res = await upload(latin1, { base64: true });
    expect(res.statusCode).toBe(400);
    expect(res.json?.message).toMatch(/not UTF-8/);
  });

  it('says what is wrong with an unreadable file (before anything is stored)', async () => {
    const res = await upload(batchCsv([sampleRow()], ['labelType', 'weight']));
    expect(res.statusCode).toBe(400);
    expect(res.json?.message).toMatch(/^Missing columns: length, width, height, fromName/);
  });

  it('is published as a text/csv request body', () => {
    const doc = openApiDocument() as unknown as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, unknown> } }>> };
    expect(Object.keys(doc.paths['/shipping/batches']?.post?.requestBody?.content ?? {})).toEqual(['text/csv']);
  });
});

describe('batch worker Lambda (functions/batches/worker.ts)', () => {
  const QUEUE = 'https://sqs.us-east-1.amazonaws.com/123456789012/batches';
  const event = (...bodies: string[]): SQSEvent => ({ Records: bodies.map((body, i) => ({ messageId: `m${i}`, body })) }) as unknown as SQSEvent;
  const sqs = mockClient(SQSClient);

  beforeEach(() => {
    sqs.reset();
    sqs.on(SendMessageCommand).resolves({ MessageId: 'msg-1' });
    processChunk.mockReset();
    vi.stubEnv('BATCH_QUEUE_URL', QUEUE);
    resetConfigForTests();
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    resetConfigForTests();
  });

  it('buys one chunk per message and sends the batch again while rows are left', async () => {
    const { handler } = await import('../../../functions/batches/worker');
    processChunk.mockResolvedValueOnce('more').mockResolvedValueOnce('done');

    await handler(event(JSON.stringify({ batchId: 'b1' }), JSON.stringify({ batchId: 'b2' })));

    expect(processChunk.mock.calls.map((c) => c[0])).toEqual(['b1', 'b2']);
    expect(sqs).toHaveReceivedCommandTimes(SendMessageCommand, 1);
    expect(sqs).toHaveReceivedCommandWith(SendMessageCommand, { QueueUrl: QUEUE, MessageBody: JSON.stringify({ batchId: 'b1' }) });
  });

  it('throws a failing chunk back to SQS (delivered again, then the dead-letter queue) and skips a message without a batch id', async () => {
    const { handler } = await import('../../../functions/batches/worker');
    processChunk.mockRejectedValueOnce(new Error('DynamoDB unavailable'));

    await expect(handler(event(JSON.stringify({ batchId: 'b1' })))).rejects.toThrow('DynamoDB unavailable');
    await handler(event(JSON.stringify({ nothing: true })));
    expect(processChunk).toHaveBeenCalledTimes(1);
    expect(sqs).not.toHaveReceivedCommand(SendMessageCommand);
  });

  it('throws back to SQS when the batch cannot be sent again, so the message is delivered again rather than the rows left behind', async () => {
    const { handler } = await import('../../../functions/batches/worker');
    processChunk.mockResolvedValueOnce('more');
    sqs.on(SendMessageCommand).rejects(new QueueDoesNotExist({ message: 'The specified queue does not exist.', $metadata: {} }));

    await expect(handler(event(JSON.stringify({ batchId: 'b1' })))).rejects.toBeInstanceOf(QueueDoesNotExist);
    expect(processChunk).toHaveBeenCalledTimes(1);
  });
});
