/**
 * Where label PDFs live: S3 (LABEL_BUCKET) in AWS, files under LABEL_DIR locally. A label is written
 * once when bought and read on every download, so every download returns the same bytes.
 * Handlers call getLabelStore() (providers/registry/blobs.ts chooses) and never know which one runs.
 */
export interface BlobStore {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes, or undefined when there is no such blob. */
  get(key: string): Promise<Uint8Array | undefined>;
  /**
   * A short-lived link that fetches the blob straight from the store, without the caller's token,
   * as a download named `fileName` of type `contentType`. Only a store a browser can reach offers it
   * (S3); a file too large to answer through a Lambda is sent there instead.
   */
  linkTo?(key: string, file: BlobLinkFile): Promise<string>;
}

export interface BlobLinkFile {
  fileName: string;
  contentType: string;
  /** How long the link works. */
  seconds: number;
}
