/**
 * Label PDFs in S3 (LABEL_BUCKET). One S3Client per store, and getLabelStore() makes one store per
 * container, so connections are reused across invocations.
 *
 * A missing object reads as undefined. S3 answers NoSuchKey (404) for that only when the caller may
 * list the bucket; without s3:ListBucket it answers 403 AccessDenied, which stays an error here.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { assertBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';

export interface S3BlobStoreOptions {
  bucket: string;
  region?: string;
  /** An existing client (tests, or sharing one); made from `region` otherwise. */
  client?: S3Client;
}

const isNoSuchKey = (err: unknown): boolean =>
  err instanceof NoSuchKey ||
  (typeof err === 'object' && err !== null && ((err as { name?: unknown }).name === 'NoSuchKey' || (err as { Code?: unknown }).Code === 'NoSuchKey'));

export class S3BlobStore implements BlobStore {
  readonly bucket: string;
  private readonly s3: S3Client;

  constructor(options: S3BlobStoreOptions) {
    this.bucket = options.bucket;
    this.s3 = options.client ?? new S3Client({ region: options.region });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertBlobKey(key);
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    assertBlobKey(key);
    try {
      const answer = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!answer.Body) return new Uint8Array();
      return await answer.Body.transformToByteArray();
    } catch (err) {
      if (isNoSuchKey(err)) return undefined;
      throw err;
    }
  }
}
