import { useMayChange } from '@/features/profile';
import { Button, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuUndo2 } from 'react-icons/lu';
import { DialogActions, DialogBody, DialogFooter, FormDialog } from '@/components/form-dialog';
import { notifyApiError, notifyInfo, notifySuccess } from '@/components/notify';
import type { ApiOrder } from '@domain/api/orders';
import { formatUsd } from '@domain/money';
import { useRefundLabel } from '../api/refund-label';

/** Whether a shipment's label may still be refunded: created, and its refund window (30 days from its purchase) not over. */
export const canRefund = (order: ApiOrder, now = Date.now()): boolean =>
  order.status === 'created' && !!order.refundableUntil && Date.parse(order.refundableUntil) > now;

/** Where a refunded label's price went: "$6.00 to your card", "$4.00 to your card and $2.00 to your wallet", "$6.00 to your wallet". */
export function refundedTo(order: ApiOrder): string {
  const card = order.refund?.toCardCents ?? 0;
  const wallet = order.priceCents - card;
  const parts = [card > 0 ? `${formatUsd(card)} to the card you paid with` : '', wallet > 0 ? `${formatUsd(wallet)} to your wallet` : ''];
  return parts.filter(Boolean).join(' and ');
}

/**
 * "Refund label" for one unused label, after a confirmation that says what happens: the price goes
 * back (to the card that paid for a card-paid label, else to the wallet) once the carrier confirms
 * (to the wallet at once for a wallet-paid label never downloaded),
 * and the label can no longer be used.
 */
export function RefundLabelButton({ order }: { order: ApiOrder }) {
  const mayChange = useMayChange();
  const [open, setOpen] = useState(false);
  const { trigger: refund, isMutating } = useRefundLabel();
  const what = order.tracking ?? order.shipOrderId;
  const byCard = order.paymentMethod === 'purchase';

  async function confirm() {
    try {
      const after = await refund(order.shipOrderId);
      if (after.refund?.creditedEarly) notifySuccess('Label refunded', `${formatUsd(order.priceCents)} is back in your wallet.`);
      else if (after.status === 'refunded') notifySuccess('Label refunded', `Refunded: ${refundedTo(after)}.`);
      else if (after.status === 'refund_rejected') notifyInfo('Refund rejected', after.refund?.reason ?? undefined);
      else notifyInfo('Refund requested', `We refund ${byCard ? 'the card you paid with' : 'your wallet'} as soon as the carrier confirms the refund.`);
    } catch (error) {
      // A refusal (scanned, too old, already asked) is final: the toast says why, the dialog has nothing more to offer.
      notifyApiError('Failed to refund the label.', error);
    }
    setOpen(false);
  }

  // A team's viewer cannot refund (the server answers 403).
  if (!mayChange) return null;
  return (
    <FormDialog
      role="alertdialog"
      title="Refund this label?"
      open={open}
      onOpenChange={setOpen}
      closeButton={false}
      trigger={
        <Button size="xs" variant="outline" aria-label={`Refund label ${what}`}>
          <LuUndo2 aria-hidden />
          Refund label
        </Button>
      }
    >
      <DialogBody>
        <Text>
          The label {order.tracking ? `with tracking number ${order.tracking} ` : ''}will be voided and can no longer be used or downloaded.{' '}
          {order.instantRefund
            ? `It was never downloaded, so ${formatUsd(order.priceCents)} goes back to your wallet at once, without waiting for the carrier.`
            : `${formatUsd(order.priceCents)} goes back to ${byCard ? 'the card you paid with' : 'your wallet'} as soon as the carrier confirms the refund.`}
        </Text>
      </DialogBody>
      <DialogFooter>
        <DialogActions>
          <Button colorPalette="red" loading={isMutating} onClick={() => void confirm()}>
            Refund label
          </Button>
        </DialogActions>
      </DialogFooter>
    </FormDialog>
  );
}
