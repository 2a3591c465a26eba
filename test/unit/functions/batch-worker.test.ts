/**
 * Batch labels (issue 17) without a table: the upload route's file body (415, the bytes as API
 * Gateway sends them, base64 included, judged by the parser), the published document's text/csv
 * request body, and the SQS worker Lambda (one chunk per message, the batch sent again while rows
 * are left, a failing chunk thrown back to SQS).
 */
import type { SQSEvent } from 'aws-lambda';
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { openApiDocument } from '../../../domain/api/openapi';
import { resetConfigForTests } from '../../../functions/config';
import { handler as createBatch } from '../../../functions/handlers/shipping/batches/create-batch';
import { signSessionToken } from '../../../functions/http/tokens';
import { batchCsv, sampleRow } from '../../fixtures/batch-csv';
import { FAKE_AWS_KEYS, startFakeAws, type FakeAws } from '../providers/aws/fake-aws';
import { apiEvent, call } from './api-event';

const processChunk = vi.hoisted(() => vi.fn<(batchId: string) => Promise<'more' | 'done'>>());
vi.mock('../../../functions/batches/run', () => ({ processChunk }));

const upload = async (body: string, init: { contentType?: string; base64?: boolean } = {}) => {
  const token = await signSessionToken({ userId: '01JBQ7Y3K5N6P8R9S0T1V2W3X4', role: 'user', scope: 'full' });
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
  /** A fake SQS (JSON protocol) keeping the messages sent to each queue, answering their MD5 as SQS does. */
  let sqs: FakeAws;
  const queued = () => sqs.requests.map((r) => JSON.parse(r.body.toString('utf8')) as { QueueUrl: string; MessageBody: string });

  beforeAll(async () => {
    sqs = await startFakeAws('sqs', 'us-east-1', ({ headers, body }) => {
      if (headers['x-amz-target'] !== 'AmazonSQS.SendMessage')
        return { status: 400, body: JSON.stringify({ __type: 'com.amazonaws.sqs#UnsupportedOperation' }) };
      const { MessageBody } = JSON.parse(body.toString('utf8')) as { MessageBody: string };
      return {
        status: 200,
        body: JSON.stringify({ MessageId: `msg-${sqs.requests.length}`, MD5OfMessageBody: createHash('md5').update(MessageBody).digest('hex') }),
      };
    });
  });
  afterAll(() => sqs.close());
  beforeEach(() => {
    sqs.requests.length = 0;
    processChunk.mockReset();
    for (const [name, value] of Object.entries({ ...FAKE_AWS_KEYS, AWS_PROFILE: '', AWS_ENDPOINT_URL_SQS: sqs.url, BATCH_QUEUE_URL: QUEUE }))
      vi.stubEnv(name, value);
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
    expect(queued()).toEqual([{ QueueUrl: QUEUE, MessageBody: JSON.stringify({ batchId: 'b1' }) }]);
  });

  it('throws a failing chunk back to SQS (delivered again, then the dead-letter queue) and skips a message without a batch id', async () => {
    const { handler } = await import('../../../functions/batches/worker');
    processChunk.mockRejectedValueOnce(new Error('DynamoDB unavailable'));

    await expect(handler(event(JSON.stringify({ batchId: 'b1' })))).rejects.toThrow('DynamoDB unavailable');
    await handler(event(JSON.stringify({ nothing: true })));
    expect(processChunk).toHaveBeenCalledTimes(1);
    expect(queued()).toEqual([]);
  });

  it('fails the send when SQS stored a different body than was sent', async () => {
    const { handler } = await import('../../../functions/batches/worker');
    processChunk.mockResolvedValueOnce('more');
    sqs.queued.push({ status: 200, body: JSON.stringify({ MessageId: 'm', MD5OfMessageBody: '0'.repeat(32) }) });

    await expect(handler(event(JSON.stringify({ batchId: 'b1' })))).rejects.toThrow(/SQS stored a different message body for batch b1/);
  });
});
