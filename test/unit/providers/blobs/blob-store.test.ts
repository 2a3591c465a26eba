/** Label store selection by configuration (providers/registry/blobs.ts), and the key rules both stores share. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetConfigForTests } from '../../../../functions/config';
import { isValidBlobKey } from '../../../../functions/providers/blobs/blob-key';
import { FileBlobStore } from '../../../../functions/providers/blobs/file-blob-store';
import { S3BlobStore } from '../../../../functions/providers/blobs/s3-blob-store';
import { getLabelStore } from '../../../../functions/providers/registry/blobs';

function useEnv(vars: Record<string, string>) {
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  resetConfigForTests();
}

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
});

describe('getLabelStore', () => {
  it('is files under LABEL_DIR without LABEL_BUCKET, made once per process', () => {
    useEnv({ LABEL_BUCKET: '', LABEL_DIR: '/tmp/prepaidship-test-labels' });
    const store = getLabelStore();
    expect(store).toBeInstanceOf(FileBlobStore);
    expect((store as FileBlobStore).root).toBe('/tmp/prepaidship-test-labels');
    expect(getLabelStore()).toBe(store);
  });

  it('defaults LABEL_DIR to .data/labels', () => {
    useEnv({ LABEL_BUCKET: '', LABEL_DIR: '' });
    expect((getLabelStore() as FileBlobStore).root).toBe(`${process.cwd()}/.data/labels`);
  });

  it('is S3 when LABEL_BUCKET is set', () => {
    useEnv({ LABEL_BUCKET: 'prepaidship-labels' });
    const store = getLabelStore();
    expect(store).toBeInstanceOf(S3BlobStore);
    expect((store as S3BlobStore).bucket).toBe('prepaidship-labels');
  });

  it('is chosen again after resetConfigForTests', () => {
    useEnv({});
    const first = getLabelStore();
    resetConfigForTests();
    expect(getLabelStore()).not.toBe(first);
  });
});

describe('keys', () => {
  it('allows [A-Za-z0-9/_.-] segments only', () => {
    expect(isValidBlobKey('labels/01J_x-y.pdf')).toBe(true);
    expect(isValidBlobKey('a'.repeat(513))).toBe(false);
    for (const bad of ['', '/a', 'a/', 'a//b', '..', 'a/../b', 'a/./b', 'a b', 'a?b', 'a%2e', 42, undefined])
      expect(isValidBlobKey(bad), String(bad)).toBe(false);
  });
});
