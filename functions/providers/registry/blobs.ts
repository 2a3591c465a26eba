/** Chooses where label PDFs live: S3 when LABEL_BUCKET is set, files under LABEL_DIR otherwise. */
import type { Config } from '../../config';
import type { BlobStore } from '../blobs/blob-store';
import { FileBlobStore } from '../blobs/file-blob-store';
import { S3BlobStore } from '../blobs/s3-blob-store';
import { provider } from './cache';

/** A blob store where label PDFs live: the label bucket in AWS, LABEL_DIR locally. */
export const blobStoreFor = (c: Config): BlobStore =>
  c.LABEL_BUCKET ? new S3BlobStore({ bucket: c.LABEL_BUCKET, region: c.AWS_REGION }) : new FileBlobStore(c.LABEL_DIR);

/** Where label PDFs live. */
export function getLabelStore(): BlobStore {
  return provider('labelStore', blobStoreFor);
}
