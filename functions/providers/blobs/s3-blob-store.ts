/**
 * Label PDFs in S3 (LABEL_BUCKET): PutObject and GetObject through ../aws/aws-call.ts, not the S3
 * client, which cost the label downloads about 150 kB of bundle compiled at every cold start for
 * two calls (docs/performance.md, "Lambdas"). getLabelStore() makes one store per container, so
 * the connection is reused across invocations.
 *
 * A missing object reads as undefined. S3 answers NoSuchKey (404) for that only when the caller may
 * list the bucket; without s3:ListBucket it answers 403 AccessDenied, which stays an error here.
 */
import { awsService, AwsCallError, type AwsService, type AwsTransport } from '../aws/aws-call';
import { assertBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';

export interface S3BlobStoreOptions {
  bucket: string;
  region: string;
  /** S3's endpoint (a test's fake), addressed path-style; the bucket's own host otherwise. */
  endpoint?: string;
  transport?: AwsTransport;
}

export class S3BlobStore implements BlobStore {
  readonly bucket: string;
  private readonly s3: AwsService;
  /** The path of a key: `/<key>` on the bucket's host, `/<bucket>/<key>` on a shared endpoint. */
  private readonly prefix: string;

  constructor({ bucket, region, endpoint = process.env.AWS_ENDPOINT_URL_S3, transport }: S3BlobStoreOptions) {
    this.bucket = bucket;
    // Virtual-hosted addressing, as the SDK uses for a bucket name that is a DNS label (the stack's are).
    const url = new URL(endpoint ?? `https://${bucket}.s3.${region}.amazonaws.com/`);
    this.prefix = endpoint ? `/${encodeURIComponent(bucket)}/` : '/';
    this.s3 = awsService({ signingName: 's3', region, endpoint: url, s3: true, transport });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    assertBlobKey(key);
    await this.s3({ action: 'PutObject', method: 'PUT', path: this.prefix + key, headers: { 'content-type': contentType }, body: bytes });
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    assertBlobKey(key);
    try {
      const answer = await this.s3({ action: 'GetObject', method: 'GET', path: this.prefix + key });
      return answer.body;
    } catch (err) {
      if (err instanceof AwsCallError && err.code === 'NoSuchKey') return undefined;
      throw err;
    }
  }
}
