import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import { S3BlobStore } from '../../../../functions/providers/blobs/s3-blob-store';

const s3 = mockClient(S3Client);
const store = new S3BlobStore({ bucket: 'prepaidship-labels', region: 'us-east-1' });
const PDF = new Uint8Array(Buffer.from('%PDF-1.7 a label'));

/** A GetObject body as the SDK gives it in Node: a stream with transformToByteArray(). */
const body = (bytes: Uint8Array) => ({ transformToByteArray: async () => new Uint8Array(bytes) }) as never;

beforeEach(() => s3.reset());

describe('S3BlobStore', () => {
  it('puts the bytes with their content type', async () => {
    s3.on(PutObjectCommand).resolves({});
    await store.put('labels/01JORDER.pdf', PDF, 'application/pdf');
    expect(s3).toHaveReceivedCommandTimes(PutObjectCommand, 1);
    expect(s3).toHaveReceivedCommandWith(PutObjectCommand, {
      Bucket: 'prepaidship-labels',
      Key: 'labels/01JORDER.pdf',
      Body: PDF,
      ContentType: 'application/pdf',
    });
  });

  it('gets the bytes back', async () => {
    s3.on(GetObjectCommand, { Bucket: 'prepaidship-labels', Key: 'labels/01JORDER.pdf' }).resolves({ Body: body(PDF) });
    const bytes = await store.get('labels/01JORDER.pdf');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes!).equals(Buffer.from(PDF))).toBe(true);
    expect(s3).toHaveReceivedCommandWith(GetObjectCommand, { Bucket: 'prepaidship-labels', Key: 'labels/01JORDER.pdf' });
  });

  it('answers undefined for a missing key (NoSuchKey)', async () => {
    s3.on(GetObjectCommand).rejects(new NoSuchKey({ message: 'The specified key does not exist.', $metadata: {} }));
    expect(await store.get('labels/missing.pdf')).toBeUndefined();
  });

  it('lets other S3 errors through (AccessDenied is not "missing")', async () => {
    const denied = new S3ServiceException({ name: 'AccessDenied', $fault: 'client', message: 'Access Denied', $metadata: { httpStatusCode: 403 } });
    s3.on(GetObjectCommand).rejects(denied);
    await expect(store.get('labels/01JORDER.pdf')).rejects.toThrow('Access Denied');
    s3.on(PutObjectCommand).rejects(new Error('SlowDown'));
    await expect(store.put('labels/01JORDER.pdf', PDF, 'application/pdf')).rejects.toThrow('SlowDown');
  });

  it('refuses bad keys before calling S3', async () => {
    await expect(store.put('../etc/passwd', PDF, 'application/pdf')).rejects.toThrow(/Refusing blob key/);
    await expect(store.get('/labels/x.pdf')).rejects.toThrow(/Refusing blob key/);
    expect(s3.calls()).toHaveLength(0);
  });
});
