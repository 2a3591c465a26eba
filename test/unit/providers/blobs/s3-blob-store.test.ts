/**
 * The S3 label store against a fake S3 (./../aws/fake-aws.ts): it keeps the objects it was given,
 * answers GetObject with their bytes, NoSuchKey (404, S3's XML) for a key it does not hold and
 * AccessDenied (403) where the role may not read. The tests assert what the store answers and what
 * the bucket holds.
 */
import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { S3BlobStore } from '../../../../functions/providers/blobs/s3-blob-store';
import { FAKE_AWS_KEYS, startFakeAws, type FakeAws } from '../aws/fake-aws';

const BUCKET = 'prepaidship-labels';
const PDF = new Uint8Array(Buffer.from('%PDF-1.7 a label'));
const s3Error = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>R1</RequestId></Error>`;

/** The bucket's objects by path (`/<bucket>/<key>`), with their content type. */
const objects = new Map<string, { bytes: Buffer; type: string }>();
let s3: FakeAws;
beforeAll(async () => {
  s3 = await startFakeAws('s3', 'us-east-1', ({ method, path, headers, body }) => {
    if (path.includes('/denied/')) return { status: 403, headers: { 'content-type': 'application/xml' }, body: s3Error('AccessDenied', 'Access Denied') };
    if (method === 'PUT') {
      objects.set(path, { bytes: body, type: String(headers['content-type']) });
      return { status: 200 };
    }
    const object = objects.get(path);
    if (!object) return { status: 404, headers: { 'content-type': 'application/xml' }, body: s3Error('NoSuchKey', 'The specified key does not exist.') };
    return { status: 200, headers: { 'content-type': object.type }, body: object.bytes };
  });
});
afterAll(() => s3.close());
let store: S3BlobStore;
beforeEach(() => {
  objects.clear();
  s3.requests.length = 0;
  for (const [name, value] of Object.entries({ ...FAKE_AWS_KEYS, AWS_PROFILE: '' })) vi.stubEnv(name, value);
  store = new S3BlobStore({ bucket: BUCKET, region: 'us-east-1', endpoint: s3.url });
});
afterEach(() => vi.unstubAllEnvs());

describe('S3BlobStore', () => {
  it('puts the bytes in the bucket under the key, with their content type', async () => {
    await store.put('labels/01JORDER.pdf', PDF, 'application/pdf');
    expect(objects.get(`/${BUCKET}/labels/01JORDER.pdf`)).toEqual({ bytes: Buffer.from(PDF), type: 'application/pdf' });
    // S3 checks the payload against the hash the request was signed with.
    expect(s3.requests[0]?.headers['x-amz-content-sha256']).toBe(createHash('sha256').update(PDF).digest('hex'));
  });

  it('gets the bytes back', async () => {
    await store.put('labels/01JORDER.pdf', PDF, 'application/pdf');
    const bytes = await store.get('labels/01JORDER.pdf');
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(bytes!).equals(Buffer.from(PDF))).toBe(true);
  });

  it('answers undefined for a missing key (NoSuchKey)', async () => {
    expect(await store.get('labels/missing.pdf')).toBeUndefined();
  });

  it('lets other S3 errors through (AccessDenied is not "missing")', async () => {
    await expect(store.get('labels/denied/01JORDER.pdf')).rejects.toThrow('AccessDenied: Access Denied');
    await expect(store.put('labels/denied/01JORDER.pdf', PDF, 'application/pdf')).rejects.toThrow('AccessDenied');
    expect(objects.size).toBe(0);
  });

  it('tries again when S3 asks to slow down, and stores the object once', async () => {
    s3.queued.push({ status: 503, headers: { 'content-type': 'application/xml' }, body: s3Error('SlowDown', 'Please reduce your request rate.') });
    await store.put('labels/01JORDER.pdf', PDF, 'application/pdf');
    expect([...objects.keys()]).toEqual([`/${BUCKET}/labels/01JORDER.pdf`]);
  });

  it('refuses bad keys before calling S3', async () => {
    await expect(store.put('../etc/passwd', PDF, 'application/pdf')).rejects.toThrow(/Refusing blob key/);
    await expect(store.get('/labels/x.pdf')).rejects.toThrow(/Refusing blob key/);
    expect(s3.requests).toHaveLength(0);
  });

  it("addresses the bucket's own host in AWS", () => {
    const inAws = new S3BlobStore({
      bucket: BUCKET,
      region: 'us-west-2',
      transport: async (url) => ({ status: 200, headers: {}, body: Buffer.from(url.href) }),
    });
    return expect(inAws.get('labels/a.pdf').then((b) => Buffer.from(b!).toString())).resolves.toBe(`https://${BUCKET}.s3.us-west-2.amazonaws.com/labels/a.pdf`);
  });
});
