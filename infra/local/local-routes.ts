/**
 * Routes that exist only on the local front (`/_local/...`), never in AWS: they stand in for what a
 * developer would otherwise see in a real inbox or on a provider's hosted payment page.
 *
 *   GET  /_local/outbox?to=<email>       mails "sent" by the local outbox, newest first
 *   GET  /_local/checkout/<id>           the sandbox checkout page: amount, Pay, Cancel
 *   POST /_local/checkout/<id>/pay       delivers the provider's signed completion event to the real
 *   POST /_local/checkout/<id>/cancel    webhook route (or the failure event), then answers
 *   POST /_local/scheduled-work[?asOf=<ISO time>]   runs the scheduled work now (what EventBridge
 *                                        runs every minute), as of `asOf` for what is due (an unused
 *                                        label's 28 days, a lease), and answers its summary
 *   POST /_local/tracking/<number>/advance   moves one sandbox label to its next planned carrier
 *                                        event now and emits it as a signed EasyPost event through
 *                                        the webhook path: 200 { trackingNumber, status,
 *                                        lastEvent, step, steps }, 404 unknown number (or AfterShip
 *                                        tracking), 409 already at its last event
 *   POST /_local/labels/<shipOrderId>/adjust  { amountCents, reason, measured? }: the sandbox
 *                                        carrier re-rates one label as USPS does after weighing it
 *                                        and sends its signed invoice event through the webhook
 *                                        path: 200 { outcome, adjustments }, 404 unknown label (or
 *                                        a real carrier), 400 bad body
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { formatUsd } from '../../domain/money';
import { closeLocalCheckout, getLocalCheckout, type LocalCheckout } from '../../functions/data/local-checkouts';
import { listOutbox } from '../../functions/data/outbox';
import { runScheduledWork } from '../../functions/jobs/scheduled-work';
import { logger } from '../../functions/observability/logger';
import { usingSandboxPayments } from '../../functions/providers/registry/payments';
import { hoodpaySandboxWebhookPayload } from '../../functions/providers/payments/sandbox-checkout';
import { stripeSandboxEvent } from '../../functions/providers/payments/sandbox-stripe-event';
import { advanceSandboxLabel } from '../../functions/tracking/sandbox-emitter';
import { localAdjustmentSchema } from '../../domain/schemas/adjustments';
import { listAdjustments, toApiAdjustment } from '../../functions/data/postage-adjustments';
import { adjustSandboxLabel, usingSandboxCarrier } from '../../functions/postage/sandbox-adjustments';
import { findOrderAnywhere, readJsonBody } from './local-lookups';
import { sendJson } from './lambda-front';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutPage(c: LocalCheckout): string {
  const provider = c.provider === 'stripe' ? 'Card payment (Stripe sandbox)' : 'Crypto payment (Hoodpay sandbox)';
  const action = (what: string) => `/_local/checkout/${encodeURIComponent(c.id)}/${what}`;
  const body =
    c.status === 'open'
      ? `<p class="amount">${formatUsd(c.amountCents)}</p>
         <form method="post" action="${action('pay')}"><button type="submit" class="pay">Pay</button></form>
         <form method="post" action="${action('cancel')}"><button type="submit" class="cancel">Cancel</button></form>`
      : `<p>This checkout is ${c.status === 'paid' ? 'paid' : 'cancelled'}.</p><p><a href="${escapeHtml(c.successUrl)}">Back to PrepaidShip</a></p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sandbox checkout</title><style>
body{font-family:system-ui,sans-serif;background:#f4f4f5;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#fff;border-radius:12px;padding:32px;width:min(360px,90vw);box-shadow:0 1px 4px #0002;text-align:center}
.amount{font-size:2.5rem;font-weight:700;margin:8px 0 24px}.note{color:#71717a;font-size:.85rem}
button{width:100%;padding:12px;border-radius:8px;border:0;font-size:1rem;margin-top:8px;cursor:pointer}
.pay{background:#2563eb;color:#fff}.cancel{background:#e4e4e7}
</style></head><body><main><h1>${escapeHtml(provider)}</h1><p>${escapeHtml(c.description)}</p>${body}
<p class="note">Local sandbox: no money moves. Pay sends the provider's event to this app's webhook.</p></main></body></html>`;
}

/** Builds the provider's event for the checkout and posts it to our own webhook route. */
async function deliverEvent(origin: string, c: LocalCheckout, kind: 'paid' | 'cancelled'): Promise<number> {
  const request =
    c.provider === 'stripe'
      ? (() => {
          const { payload, signatureHeader } = stripeSandboxEvent(c, kind);
          return { path: '/stripe/webhook', body: payload, headers: { 'stripe-signature': signatureHeader } };
        })()
      : { path: '/hoodpay/webhook', body: JSON.stringify(hoodpaySandboxWebhookPayload(c.id, kind)), headers: {} };
  const res = await fetch(origin + request.path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...request.headers },
    body: request.body,
  });
  await res.arrayBuffer();
  return res.status;
}

async function checkoutRoute(req: IncomingMessage, res: ServerResponse, id: string, action: string | undefined): Promise<void> {
  const checkout = await getLocalCheckout(id);
  // With real keys the sandbox must not exist: its events would be signed with the real secret.
  const sandbox = usingSandboxPayments();
  const sandboxed = checkout && (checkout.provider === 'stripe' ? sandbox.card : sandbox.crypto);
  if (!checkout || !sandboxed) return sendJson(res, 404, { message: 'No such checkout' });
  if (req.method === 'GET' && !action) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    return void res.end(checkoutPage(checkout));
  }
  if (req.method !== 'POST' || (action !== 'pay' && action !== 'cancel')) return sendJson(res, 404, { message: 'Not found' });
  const kind = action === 'pay' ? 'paid' : 'cancelled';
  if (!(await closeLocalCheckout(id, kind))) return sendJson(res, 409, { message: `This checkout is already ${checkout.status}` });
  // Like the provider, we call the webhook before sending the payer back, so the wallet page finds it done.
  const webhookStatus = await deliverEvent(`http://${req.headers.host ?? 'localhost'}`, checkout, kind);
  if (req.headers.accept?.includes('application/json')) return sendJson(res, 200, { status: kind, webhookStatus });
  res.writeHead(303, { location: kind === 'paid' ? checkout.successUrl : checkout.cancelUrl });
  res.end();
}

/**
 * True for an address of this machine: 127.0.0.0/8, ::1, and IPv4 loopback written as IPv6
 * (`::ffff:127.0.0.1`, how a dual-stack socket reports it).
 */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export async function localRoutes(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
  // The outbox holds sign-in codes and reset links, and Pay credits a wallet: only the developer at
  // this machine may use them, even when the front listens on every interface (HOST=0.0.0.0).
  // Anyone else sees no such path, like in AWS where /_local/* does not exist at all.
  if (!isLoopback(req.socket.remoteAddress)) return sendJson(res, 404, { message: 'Not found' });
  if (req.method === 'GET' && url.pathname === '/_local/outbox') {
    const to = url.searchParams.get('to') ?? undefined;
    return sendJson(res, 200, await listOutbox({ to, limit: 100 }));
  }
  if (req.method === 'POST' && url.pathname === '/_local/scheduled-work') {
    // A developer (or a browser test) need not wait 28 days to see an unused label refunded itself.
    const asOf = url.searchParams.get('asOf');
    const now = asOf === null ? new Date() : new Date(asOf);
    if (Number.isNaN(now.getTime())) return sendJson(res, 400, { message: 'asOf must be an ISO date and time' });
    return sendJson(res, 200, await runScheduledWork(logger.createChild({ persistentKeys: { job: 'scheduled-work' } }), now));
  }
  const advance = /^\/_local\/tracking\/([^/]+)\/advance$/.exec(url.pathname);
  if (req.method === 'POST' && advance) {
    // A newcomer (or a browser test) need not wait days to see a label delivered.
    const result = await advanceSandboxLabel(decodeURIComponent(advance[1] as string), logger.createChild({ persistentKeys: { job: 'tracking-advance' } }));
    if (result.status === 404) return sendJson(res, 404, { message: result.message });
    const { order } = result;
    const shown = { trackingNumber: order.tracking, status: order.trackingStatus ?? 'pre_transit', lastEvent: order.lastEvent ?? null };
    if (result.status === 409) return sendJson(res, 409, { message: result.message, ...shown });
    return sendJson(res, 200, { ...shown, step: result.step, steps: result.steps });
  }
  const adjust = /^\/_local\/labels\/([^/]+)\/adjust$/.exec(url.pathname);
  if (req.method === 'POST' && adjust) {
    // A developer (or a browser test) need not wait for USPS to weigh a parcel to see an adjustment.
    const order = usingSandboxCarrier() ? await findOrderAnywhere(decodeURIComponent(adjust[1] as string)) : undefined;
    if (!order?.tracking) return sendJson(res, 404, { message: 'No such sandbox label' });
    const parsed = localAdjustmentSchema.safeParse(await readJsonBody(req));
    if (!parsed.success) return sendJson(res, 400, { message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    const outcome = await adjustSandboxLabel(order, parsed.data, logger.createChild({ persistentKeys: { job: 'postage-adjust' } }));
    const adjustments = (await listAdjustments(order.userId, { limit: 100 })).items.filter((a) => a.shipOrderId === order.id).map(toApiAdjustment);
    return sendJson(res, 200, { outcome, adjustments });
  }
  const checkout = /^\/_local\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname);
  if (checkout) return checkoutRoute(req, res, decodeURIComponent(checkout[1] as string), checkout[2]);
  sendJson(res, 404, { message: 'Not found' });
}
