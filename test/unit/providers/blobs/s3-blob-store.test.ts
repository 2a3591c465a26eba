/**
 * The S3 label store with a mocked S3 client: what it asks S3 to keep (the bytes and their content
 * type, under the key), the bytes it answers, undefined for a missing key (NoSuchKey) and every other
 * S3 error let through (AccessDenied is not "missing"). Signing, retries and the wire format are the
 * SDK's.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { S3BlobStore } from '../../../../functions/providers/blobs/s3-blob-store';

const BUCKET = 'prepaidship-labels';
const PDF = new Uint8Array(Buffer.from('%PDF-1.7 a label'));

const s3 = mockClient(S3Client);
const store = new S3BlobStore({ bucket: BUCKET, region: 'us-east-1' });

/** A GetObject body as the SDK gives it in Node: a stream with transformToByteArray(). */
const body = (bytes: Uint8Array) => ({ transformToByteArray: async () => new Uint8Array(bytes) }) as never;

/** S3's 403 when the role may not read (or, without s3:ListBucket, when the key is missing). */
const accessDenied = () => new S3ServiceException({ name: 'AccessDenied', $fault: 'client', message: 'Access Denied', $metadata: { httpStatusCode: 403 } });

beforeEach(() => s3.reset());

describe('S3BlobStore', () => {
  it('puts the bytes in the bucket under the key, with their content type', async () => {
    s3.on(PutObjectCommand).resolves({});
    await store.put('labels/01JORDER.pdf', PDF, 'application/pdf');
    expect(s3).toHaveReceivedCommandTimes(PutObjectCommand, 1);
    expect(s3).toHaveReceivedCommandWith(PutObjectCommand, { Bucket: BUCKET, Key: 'labels/01JORDER.pdf', Body: PDF, ContentType: 'application/pdf' });
  });

  it('gets the bytes of the key back', async () => {
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} }));
    s3.on(GetObjectCommand, { Bucket: BUCKET, Key: 'labels/01JORDER.pdf' }).resolves({ Body: body(PDF) });
    const bytes = await store.get('labels/01JORDER.pdf');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes!).equals(Buffer.from(PDF))).toBe(true);
  });

  it('answers undefined for a missing key (NoSuchKey)', async () => {
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'The specified key does not exist.', $metadata: { httpStatusCode: 404 } }));
    expect(await store.get('labels/missing.pdf')).toBeUndefined();
  });

  it('lets other S3 errors through (AccessDenied is not "missing")', async () => {
    s3.on(GetObjectCommand).rejects(accessDenied());
    s3.on(PutObjectCommand).rejects(accessDenied());
    await expect(store.get('labels/01JORDER.pdf')).rejects.toMatchObject({ name: 'AccessDenied', message: 'Access Denied' });
    await expect(store.put('labels/01JORDER.pdf', PDF, 'application/pdf')).rejects.toMatchObject({ name: 'AccessDenied' });
  });

  it("lets a failed upload through (S3 still slowing down after the SDK's retries): a label is never taken as kept", async () => {
    s3.on(PutObjectCommand).rejects(
      new S3ServiceException({ name: 'SlowDown', $fault: 'server', message: 'Please reduce your request rate.', $metadata: { httpStatusCode: 503 } }),
    );
    await expect(store.put('labels/01JORDER.pdf', PDF, 'application/pdf')).rejects.toThrow('Please reduce your request rate.');
  });

  it('links to an object by a presigned GET that S3 answers as the named download, ending after the seconds given, without calling S3', async () => {
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIDEXAMPLE');
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY');
    try {
      const link = new URL(await store.linkTo('labels/u1/batch-b1.pdf', { fileName: 'prepaidship batch.pdf', contentType: 'application/pdf', seconds: 300 }));
      expect(link.hostname).toBe(`${BUCKET}.s3.us-east-1.amazonaws.com`);
      expect(link.pathname).toBe('/labels/u1/batch-b1.pdf');
      expect(link.searchParams.get('X-Amz-Expires')).toBe('300');
      expect(link.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
      expect(link.searchParams.get('X-Amz-Credential')).toMatch(/^AKIDEXAMPLE\//);
      expect(link.searchParams.get('response-content-disposition')).toBe('attachment; filename="prepaidship_batch.pdf"');
      expect(link.searchParams.get('response-content-type')).toBe('application/pdf');
      expect(s3.calls()).toHaveLength(0);
      await expect(store.linkTo('../x.pdf', { fileName: 'x.pdf', contentType: 'application/pdf', seconds: 300 })).rejects.toThrow(/Refusing blob key/);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('refuses bad keys before calling S3', async () => {
    await expect(store.put('../etc/passwd', PDF, 'application/pdf')).rejects.toThrow(/Refusing blob key/);
    await expect(store.get('/labels/x.pdf')).rejects.toThrow(/Refusing blob key/);
    expect(s3.calls()).toHaveLength(0);
  });
});
