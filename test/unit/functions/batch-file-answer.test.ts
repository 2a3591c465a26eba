/**
 * How a batch's merged file is answered (functions/handlers/shipping/batches/get-batch-labels.ts):
 * as the file while it fits a Lambda's answer; in a Lambda, a larger one kept in the S3 label store
 * (mocked S3 client) and answered 303 to its presigned link; 409 where the store makes no links.
 */
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  answerBatchFile,
  BATCH_LINK_SECONDS,
  LAMBDA_PDF_MAX_BYTES,
  TOO_LARGE_FOR_ONE_FILE,
} from '../../../functions/handlers/shipping/batches/get-batch-labels';
import { Conflict } from '../../../functions/errors';
import { FileBlobStore } from '../../../functions/providers/blobs/file-blob-store';
import { S3BlobStore } from '../../../functions/providers/blobs/s3-blob-store';

const BUCKET = 'prepaidship-labels';
const s3 = mockClient(S3Client);
const store = new S3BlobStore({ bucket: BUCKET, region: 'us-east-1' });
const NAME = 'prepaidship-batch-b1-letter.pdf';
const large = new Uint8Array(LAMBDA_PDF_MAX_BYTES + 1);

beforeEach(() => {
  s3.reset();
  s3.on(PutObjectCommand).resolves({});
  vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
  vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY');
});
afterEach(() => vi.unstubAllEnvs());

describe('answerBatchFile', () => {
  it('answers a file that fits as the PDF itself, named, writing nothing', async () => {
    const bytes = new Uint8Array(Buffer.from('%PDF-1.7 small'));
    const reply = await answerBatchFile({ bytes, keepAs: 'labels/u1/batch-b1-abc.letter.pdf' }, NAME, { inLambda: true, store });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers).toMatchObject({ 'content-type': 'application/pdf', 'content-disposition': `attachment; filename="${NAME}"` });
    expect(Buffer.from(reply.body as unknown as Buffer).equals(Buffer.from(bytes))).toBe(true);
    expect(s3.calls()).toHaveLength(0);
  });

  it('answers a file kept already, too large for a Lambda, 303 to its link, writing nothing', async () => {
    const reply = await answerBatchFile({ bytes: large, key: 'labels/u1/batch-b1.letter.pdf' }, NAME, { inLambda: true, store });
    expect(reply.statusCode).toBe(303);
    const link = new URL(reply.headers.location as string);
    expect(link.hostname).toBe(`${BUCKET}.s3.us-east-1.amazonaws.com`);
    expect(link.pathname).toBe('/labels/u1/batch-b1.letter.pdf');
    expect(link.searchParams.get('X-Amz-Expires')).toBe(String(BATCH_LINK_SECONDS));
    expect(link.searchParams.get('response-content-disposition')).toBe(`attachment; filename="${NAME}"`);
    expect(s3.calls()).toHaveLength(0);
  });

  it('keeps a file merged for this answer under its own key before linking to it', async () => {
    const reply = await answerBatchFile({ bytes: large, keepAs: 'labels/u1/batch-b1-abc.letter.pdf' }, NAME, { inLambda: true, store });
    expect(s3).toHaveReceivedCommandTimes(PutObjectCommand, 1);
    expect(s3).toHaveReceivedCommandWith(PutObjectCommand, {
      Bucket: BUCKET,
      Key: 'labels/u1/batch-b1-abc.letter.pdf',
      Body: large,
      ContentType: 'application/pdf',
    });
    expect(reply.statusCode).toBe(303);
    expect(new URL(reply.headers.location as string).pathname).toBe('/labels/u1/batch-b1-abc.letter.pdf');
  });

  it('answers a large file itself outside a Lambda, and 409 in a Lambda whose store makes no links', async () => {
    const files = new FileBlobStore('.data/unused-by-this-test');
    expect((await answerBatchFile({ bytes: large, key: 'labels/x.pdf' }, NAME, { inLambda: false, store: files })).statusCode).toBe(200);
    const refused = answerBatchFile({ bytes: large, key: 'labels/x.pdf' }, NAME, { inLambda: true, store: files });
    await expect(refused).rejects.toBeInstanceOf(Conflict);
    await expect(refused).rejects.toThrow(TOO_LARGE_FOR_ONE_FILE);
  });
});
