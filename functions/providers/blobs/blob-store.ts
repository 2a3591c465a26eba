/**
 * Where label PDFs live: S3 (LABEL_BUCKET) in AWS, files under LABEL_DIR locally. A label is written
 * once when bought and read on every download, so every download returns the same bytes.
 * Handlers call getLabelStore() and never know which one runs.
 */
import { config } from '../../config';
import { FileBlobStore } from './file-blob-store';
import { S3BlobStore } from './s3-blob-store';

export { assertBlobKey, isValidBlobKey } from './blob-key';

export interface BlobStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or undefined when there is no such blob. */
  get(key: string): Promise<Uint8Array | undefined>;
}

// ---------------------------------------------------------------------------------------------
// Selection: S3 when LABEL_BUCKET is set, files under LABEL_DIR otherwise.
// ---------------------------------------------------------------------------------------------

let labelStore: BlobStore | undefined;

/** Where label PDFs live, made on first use and kept for the life of the process. */
export function getLabelStore(): BlobStore {
  if (!labelStore) {
    const c = config();
    labelStore = c.LABEL_BUCKET ? new S3BlobStore({ bucket: c.LABEL_BUCKET, region: c.AWS_REGION }) : new FileBlobStore(c.LABEL_DIR);
  }
  return labelStore;
}

/** Forgets the selected store (tests that change LABEL_BUCKET or LABEL_DIR; call resetConfigForTests too). */
export function resetLabelStoreForTests(): void {
  labelStore = undefined;
}
