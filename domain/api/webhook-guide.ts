/**
 * What the API reference (/docs/api, from the OpenAPI document's description) and docs/webhooks.md
 * say about webhook signatures, with the receiver's check as plain Node. The snippet is the same
 * check as domain/webhook-signature.ts verifyWebhookSignature; a unit test runs this very text
 * against real signatures and checks docs/webhooks.md quotes it unchanged.
 */
export const WEBHOOK_VERIFY_SNIPPET = `const { createHmac, timingSafeEqual } = require('node:crypto');

// header: the PrepaidShip-Signature header; body: the raw request body, as received (not re-serialized).
function verifyWebhookSignature(header, body, secret, toleranceSeconds = 300, nowSeconds = Math.floor(Date.now() / 1000)) {
  const parts = new Map(header.split(',').map((part) => part.trim().split('=', 2)));
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowSeconds - t) > toleranceSeconds || !/^[0-9a-f]{64}$/.test(v1)) return false;
  const expected = createHmac('sha256', secret).update(\`\${t}.\${body}\`).digest('hex');
  return timingSafeEqual(Buffer.from(v1, 'hex'), Buffer.from(expected, 'hex'));
}`;

export const WEBHOOK_GUIDE = `## Webhooks

Register an endpoint with \`POST /account/webhooks\` (\`{ url, events }\`); the answer carries its signing secret, once. Each event is POSTed as JSON \`{ id, type, createdAt, data }\` with the header

    PrepaidShip-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" under the secret>

Answer 2xx within 10 seconds. Anything else is retried (the first retry within a minute, then backing off exponentially) for 3 days; a shipment's events arrive in order; an endpoint failing for 3 days is disabled and its owner mailed. The same event may arrive twice (a resend, a lost answer): \`id\` names it. Check every delivery before trusting it:

\`\`\`js
${WEBHOOK_VERIFY_SNIPPET}
\`\`\``;
