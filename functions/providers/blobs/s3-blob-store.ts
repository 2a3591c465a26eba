/**
 * Label PDFs in S3 (LABEL_BUCKET). getLabelStore() makes one store per container, so the client and
 * its connections are reused across invocations.
 *
 * A missing object reads as undefined. S3 answers NoSuchKey (404) for that only when the caller may
 * list the bucket; without s3:ListBucket it answers 403 AccessDenied, which stays an error here.
 */
import { GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { clientSettings, SERVICE_LIMITS } from '../aws/client-settings';
import { assertBlobKey } from './blob-key';
import type { BlobLinkFile, BlobStore } from './blob-store';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
}

export class S3BlobStore implements BlobStore {
  readonly bucket: string;
  private readonly s3: S3Client;

  constructor({ bucket, region }: S3BlobStoreOptions) {
    this.bucket = bucket;
    // AWS_ENDPOINT_URL_S3 (the SDK reads it) points the client elsewhere; such an endpoint is addressed path-style.
    this.s3 = new S3Client({ region, forcePathStyle: process.env.AWS_ENDPOINT_URL_S3 !== undefined, ...clientSettings(SERVICE_LIMITS) });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertBlobKey(key);
    await this.s3.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: contentType }));
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    assertBlobKey(key);
    try {
      const answer = await this.s3.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      return answer.Body ? await answer.Body.transformToByteArray() : new Uint8Array();
    } catch (err) {
      if (err instanceof NoSuchKey) return undefined;
      throw err;
    }
  }

  /**
   * A presigned GetObject URL: signed here with the function's own credentials (no call to S3), so it
   * reads only what this function may read, and it ends after `seconds` or with those credentials,
   * whichever comes first. S3 answers it as an attachment named `fileName`.
   */
  async linkTo(key: string, { fileName, contentType, seconds }: BlobLinkFile): Promise<string> {
    assertBlobKey(key);
    const get = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`,
      ResponseContentType: contentType,
    });
    return getSignedUrl(this.s3, get, { expiresIn: seconds });
  }
}
