import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileBlobStore } from '../../../../functions/providers/blobs/file-blob-store';

let dir: string;
let store: FileBlobStore;
const PDF = new Uint8Array(Buffer.from('%PDF-1.7 a label'));

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'prepaidship-blobs-'));
  store = new FileBlobStore(join(dir, 'labels-root'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('FileBlobStore', () => {
  it('round-trips bytes, making directories as needed', async () => {
    await store.put('labels/2026/01JORDER.pdf', PDF, 'application/pdf');
    const back = await store.get('labels/2026/01JORDER.pdf');
    expect(back).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(back!).equals(Buffer.from(PDF))).toBe(true);
    expect(await readFile(join(dir, 'labels-root', 'labels', '2026', '01JORDER.pdf'))).toEqual(Buffer.from(PDF));
  });

  it('makes a directory again when it was removed after the store made it', async () => {
    await store.put('labels/2026/a.pdf', PDF, 'application/pdf');
    await rm(join(dir, 'labels-root'), { recursive: true });
    await store.put('labels/2026/b.pdf', PDF, 'application/pdf');
    expect(await readdir(join(dir, 'labels-root', 'labels', '2026'))).toEqual(['b.pdf']);
  });

  it('overwrites atomically and leaves no temporary files', async () => {
    await store.put('labels/a.pdf', PDF, 'application/pdf');
    await store.put('labels/a.pdf', new Uint8Array([1, 2, 3]), 'application/pdf');
    expect(Array.from((await store.get('labels/a.pdf'))!)).toEqual([1, 2, 3]);
    expect(await readdir(join(dir, 'labels-root', 'labels'))).toEqual(['a.pdf']);
  });

  it('answers undefined for a missing key, also below a file', async () => {
    expect(await store.get('labels/missing.pdf')).toBeUndefined();
    await store.put('labels/a.pdf', PDF, 'application/pdf');
    expect(await store.get('labels/a.pdf/inside')).toBeUndefined();
  });

  it('refuses keys that could leave the directory or are not plain', async () => {
    await writeFile(join(dir, 'secret.txt'), 'secret');
    for (const key of [
      '../secret.txt',
      'labels/../../secret.txt',
      '/etc/passwd',
      'labels//a.pdf',
      'labels/a.pdf/',
      '..',
      '.',
      'a/./b',
      'a b.pdf',
      'a\\b.pdf',
      'ä.pdf',
      '',
      'a..b.pdf',
    ]) {
      await expect(store.get(key), key).rejects.toThrow(/Refusing blob key/);
      await expect(store.put(key, PDF, 'application/pdf'), key).rejects.toThrow(/Refusing blob key/);
    }
    expect(await readFile(join(dir, 'secret.txt'), 'utf8')).toBe('secret');
  });
});
