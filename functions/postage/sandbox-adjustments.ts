/**
 * The local sandbox's postage adjustments (CARRIER_PROVIDER=sandbox): the local control
 * POST /_local/labels/{shipOrderId}/adjust makes the sandbox carrier send what EasyPost sends when
 * USPS re-rates a label, a signed `shipment.invoice.updated` Event carrying the label's whole
 * adjustment, to the SAME function the /easypost/webhook route runs (verify, read, apply). One
 * invoice per label (`shpinv_sandbox_<order id>`), so sending the same amount again is a replay that
 * changes nothing, and another amount is the carrier changing its adjustment.
 */
import type { ParcelFacts } from '../../domain/api/adjustments';
import type { Order } from '../../domain/api/orders';
import { centsToDollars } from '../../domain/money';
import type { LocalAdjustmentBody } from '../../domain/schemas/adjustments';
import { config } from '../config';
import type { Logger } from '../observability/logger';
import { easyPostSignature } from '../tracking/easypost-events';
import { receiveEasyPostWebhook, type WebhookOutcome } from '../tracking/receive-webhook';
import { easyPostWebhookSecret } from '../tracking/webhook-secrets';

/** True when labels come from the sandbox carrier: only then may the local control invent an adjustment. */
export const usingSandboxCarrier = (): boolean => config().CARRIER_PROVIDER === 'sandbox';

const parcelOf = (p: ParcelFacts) => ({
  object: 'Parcel',
  weight: Math.round(p.weightLb * 16 * 10) / 10,
  length: p.lengthIn,
  width: p.widthIn,
  height: p.heightIn,
});

/** The ShipmentInvoice Event of `order` adjusted by `body`, its raw body and signature. */
export function sandboxInvoiceEvent(order: Order, body: LocalAdjustmentBody, now = new Date()): { rawBody: string; signature: string } {
  const declared: ParcelFacts = { weightLb: order.weightLb, lengthIn: order.lengthIn, widthIn: order.widthIn, heightIn: order.heightIn };
  const measured: ParcelFacts = body.measured
    ? { weightLb: body.measured.weight, lengthIn: body.measured.length, widthIn: body.measured.width, heightIn: body.measured.height }
    : { ...declared, weightLb: declared.weightLb + 1 };
  const at = now.toISOString();
  const event = {
    id: `evt_sandbox_${order.id}_${body.amountCents}`,
    object: 'Event',
    mode: 'test',
    description: 'shipment.invoice.updated',
    created_at: at,
    updated_at: at,
    result: {
      id: `shpinv_sandbox_${order.id}`,
      object: 'ShipmentInvoice',
      status: 'processed',
      carrier: 'USPS',
      shipment_id: order.carrierRef,
      tracking_code: order.tracking,
      label_date: order.createdAt,
      adjustment_reason: body.reason,
      adjustment_amount: centsToDollars(body.amountCents),
      invoice_type: 'adjustment',
      claimed_details: { parcel: parcelOf(declared) },
      captured_details: { parcel: parcelOf(measured) },
    },
  };
  const rawBody = JSON.stringify(event);
  return { rawBody, signature: easyPostSignature(rawBody, easyPostWebhookSecret()) };
}

/** Sends `order`'s sandbox adjustment through the webhook's own code path; answers what it did. */
export async function adjustSandboxLabel(order: Order, body: LocalAdjustmentBody, log: Logger): Promise<WebhookOutcome> {
  const { rawBody, signature } = sandboxInvoiceEvent(order, body);
  return receiveEasyPostWebhook(rawBody, signature, log);
}
