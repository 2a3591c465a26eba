/**
 * The webhook signature check the docs publish (domain/api/webhook-guide.ts, quoted in
 * docs/webhooks.md and the API reference) is run here as a receiver would run it, against
 * signatures made by the sender's own code, and agrees with domain/webhook-signature.ts.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../domain/api/openapi';
import { WEBHOOK_VERIFY_SNIPPET } from '../../../domain/api/webhook-guide';
import { signatureHeader, verifyWebhookSignature } from '../../../domain/webhook-signature';

type Verify = (header: string, body: string, secret: string, toleranceSeconds?: number, nowSeconds?: number) => boolean;
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the published text is this test's point
const snippet = new Function('require', `${WEBHOOK_VERIFY_SNIPPET}\nreturn verifyWebhookSignature;`)(createRequire(import.meta.url)) as Verify;

const SECRET = 'whsec_test';
const BODY = JSON.stringify({ id: 'evt_1', type: 'label.created', createdAt: '2026-12-03T08:00:00.000Z', data: { shipOrderId: 'o1' } });
const T = 1_796_000_000;

describe('the published webhook signature check', () => {
  it('is quoted unchanged by docs/webhooks.md and the API reference', () => {
    expect(readFileSync('docs/webhooks.md', 'utf8')).toContain(WEBHOOK_VERIFY_SNIPPET);
    expect(openApiDocument().info.description).toContain(WEBHOOK_VERIFY_SNIPPET);
  });

  it.each([
    ['a good signature', signatureHeader(SECRET, T, BODY), BODY, SECRET, T + 10, true],
    ['another secret', signatureHeader('whsec_other', T, BODY), BODY, SECRET, T, false],
    ['a changed body', signatureHeader(SECRET, T, BODY), BODY.replace('o1', 'o2'), SECRET, T, false],
    ['an old timestamp', signatureHeader(SECRET, T, BODY), BODY, SECRET, T + 301, false],
    ['a timestamp moved without re-signing', signatureHeader(SECRET, T, BODY).replace(`t=${T}`, `t=${T + 1}`), BODY, SECRET, T, false],
    ['garbage', 't=abc,v1=xyz', BODY, SECRET, T, false],
    ['no header parts', '', BODY, SECRET, T, false],
  ])('%s: the snippet and the module agree', (_what, header, body, secret, now, ok) => {
    expect(snippet(header, body, secret, 300, now)).toBe(ok);
    expect(verifyWebhookSignature(header, body, secret, 300, now)).toBe(ok);
  });
});
