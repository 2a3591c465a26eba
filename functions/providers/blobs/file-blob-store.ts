/**
 * Label PDFs as files under a directory (LABEL_DIR; `.data/labels` by default) for local runs. A key
 * `labels/01J....pdf` is the file `<dir>/labels/01J....pdf`; directories are made as needed. A write
 * goes to a temporary file in the same directory and is renamed into place, so a reader never sees
 * half a PDF and a crash never leaves one behind under the real name.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { assertBlobKey } from './blob-key';
import type { BlobStore } from './blob-store';

export class FileBlobStore implements BlobStore {
  readonly root: string;
  /** Directories this store made or found: each is made once, not before every write. */
  private readonly dirs = new Set<string>();

  constructor(dir: string) {
    this.root = resolve(dir);
  }

  /** The file of a key, checked to lie inside the root. */
  pathOf(key: string): string {
    assertBlobKey(key);
    const path = join(this.root, ...key.split('/'));
    if (!path.startsWith(this.root + sep)) throw new Error(`Refusing blob key ${JSON.stringify(key)}`);
    return path;
  }

  async put(key: string, bytes: Uint8Array, _contentType: string): Promise<void> {
    const path = this.pathOf(key);
    const dir = dirname(path);
    if (!this.dirs.has(dir)) {
      await mkdir(dir, { recursive: true });
      this.dirs.add(dir);
    }
    const temp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes).catch(async (err: NodeJS.ErrnoException) => {
        // The directory went away since it was made (a test's clean-up): made again, once.
        if (err.code !== 'ENOENT') throw err;
        await mkdir(dir, { recursive: true });
        await writeFile(temp, bytes);
      });
      await rename(temp, path);
    } catch (err) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw err;
    }
  }

  async get(key: string): Promise<Uint8Array | undefined> {
    const path = this.pathOf(key);
    try {
      const data = await readFile(path);
      return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
      throw err;
    }
  }
}
