import { Box, Button, Dialog, Flex, HStack, SimpleGrid } from '@chakra-ui/react';
import { DialogActions } from '@/components/form-dialog';
import { zodResolver } from '@/lib/zod-form';
import { useId, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import type { Quote } from '@domain/api/quotes';
import { formatUsd } from '@domain/money';
import { labelOrderSchema, type LabelOrderBody } from '@domain/schemas/labels';
import { Form } from '@/components/form';
import { AddressCheckPanel, addressesKey, addressFieldNames, checkAddresses, useSavedAddresses, type AddressFinding } from '@/features/addresses';
import { notifyInfo } from '@/components/notify';
import { useLeavingPage } from '@/hooks/use-leaving-page';
import { useEstimateCents } from '../hooks/use-estimate-cents';
import { usePlaceOrder } from '../hooks/use-place-order';
import { newLabelForm, withoutBlankExtras, type AddressSide, type LabelFormValues } from '../lib/label-form';
import { AddressFields } from './address-fields';
import { EstimatedCost } from './estimated-cost';
import { PackageFields } from './package-fields';
import { PaymentMethodField } from './payment-method-field';
import { RateChoice } from './rate-choice';
import { QuoteWatcher, useQuote } from '../api/quote-rates';
import { ShipDateField } from './ship-date-field';
import { ExtrasFields } from './extras-fields';
import { ShortOfCreditsAlert } from './short-of-credits-alert';

interface LabelOrderFormProps {
  /** The dialog is open: saved addresses and packages are fetched only then. */
  open: boolean;
  /** A label was bought with credits (the form is already reset). */
  onCreated: () => void;
}

/**
 * The Create Label dialog's body and footer (SPEC section 2): package, sender, recipient and payment
 * method in the body; the live estimate and 'Create Order $price' in the footer, which stays in
 * view while the body scrolls. Validated by the order schema the server uses, with the spec's messages.
 */
/** Under the label type (or service) the quote says is not sold for this parcel; the quote's reason is shown beside it. */
export const UNAVAILABLE_MESSAGE = 'Not available for this parcel: choose another one.';

/** The field whose chosen offer `quote` says is not available, if it does. */
function unavailableChoice(quote: Quote | undefined, order: LabelOrderBody): 'labelType' | 'service' | undefined {
  if (!quote) return undefined;
  const field = quote.mode === 'rates' ? 'service' : 'labelType';
  const row = quote.rates.find((r) => r.service === order[field]);
  return row && !row.available ? field : undefined;
}

export function LabelOrderForm({ open, onCreated }: LabelOrderFormProps) {
  const formId = useId();
  const form = useForm<LabelFormValues, unknown, LabelOrderBody>({ resolver: zodResolver(labelOrderSchema), defaultValues: newLabelForm() });
  const [quotable, setQuotable] = useState<string | null>(null);
  const quote = useQuote(quotable);
  const mode = quote.data?.mode;
  const addresses = useSavedAddresses(open);
  const place = usePlaceOrder();
  const [leaving, setLeaving] = useLeavingPage();
  /** After a 402: what a card would pay for the label (undefined when the server did not say). */
  const [short, setShort] = useState<{ shortfallCents?: number } | null>(null);
  const [payingShortfall, setPayingShortfall] = useState(false);
  /** The address check's findings for the order just submitted, waiting for the person's choice. */
  const [checked, setChecked] = useState<{ order: LabelOrderBody; findings: AddressFinding<AddressSide>[] } | null>(null);
  const [continuing, setContinuing] = useState(false);
  /** The sender and recipient last found fine or chosen as they are: not checked again. */
  const [accepted, setAccepted] = useState<string | null>(null);
  const busy = form.formState.isSubmitting || leaving || payingShortfall || continuing;

  async function submit(form_: LabelOrderBody) {
    setShort(null);
    // Bought from a quote of exactly this form: charged its price (one that expired meanwhile answers 409 and is quoted again).
    const current = await quote.forOrder(form_).catch(() => undefined);
    const order = current ? { ...form_, quoteId: current.quoteId, ...(current.mode === 'rates' ? {} : { service: undefined }) } : form_;
    const row = current?.rates.find((r) => r.available && r.service === (current.mode === 'rates' ? order.service : order.labelType));
    const { outcome, shortfallCents, fields } = await place(order, row ? { priceCents: row.priceCents!, name: row.name } : undefined);
    if (outcome === 'requoted') void quote.mutate();
    if (outcome === 'redirecting') setLeaving(true);
    if (outcome === 'insufficient') setShort({ shortfallCents });
    // The server's own field messages (its clock may put a ship date outside the window) go under their fields.
    for (const [field, message] of Object.entries(fields ?? {})) form.setError(field as keyof LabelFormValues, { message }, { shouldFocus: true });
    if (outcome === 'created') {
      form.reset(newLabelForm());
      onCreated();
    }
  }
  /**
   * Sender and recipient are checked (in parallel) before buying. Both fine: bought at
   * once. A finding: the panel asks, and the choice goes on. The check down: bought as entered.
   */
  async function checkThenSubmit(order: LabelOrderBody) {
    setChecked(null);
    // An offer the quote of this very form says is not sold is not bought, nor its addresses checked.
    const refused = unavailableChoice(await quote.forOrder(order).catch(() => undefined), order);
    if (refused) {
      form.setError(refused, { message: UNAVAILABLE_MESSAGE }, { shouldFocus: true });
      return;
    }
    const key = addressesKey([order.from, order.to]);
    if (accepted !== key) {
      const outcome = await checkAddresses<AddressSide>([
        { key: 'from', label: 'Sender', address: order.from },
        { key: 'to', label: 'Recipient', address: order.to },
      ]);
      if (outcome.status === 'findings') {
        setShort(null);
        setChecked({ order, findings: outcome.findings });
        return;
      }
      if (outcome.status === 'unavailable') notifyInfo('Addresses not checked', 'The address check is not answering; the order goes ahead as entered.');
      else setAccepted(key);
    }
    await submit(order);
  }
  /** Goes on with the order as chosen in the panel: its addresses are not checked again. */
  async function goOn(order: LabelOrderBody) {
    setChecked(null);
    setAccepted(addressesKey([order.from, order.to]));
    setContinuing(true);
    try {
      await submit(order);
    } finally {
      setContinuing(false);
    }
  }
  /** Fills each side that has a suggestion with it, and buys with those addresses. */
  function applySuggestions() {
    if (!checked) return;
    let order = checked.order;
    for (const { key: side, check } of checked.findings) {
      if (!check.suggestion) continue;
      for (const field of addressFieldNames) form.setValue(`${side}.${field}`, check.suggestion[field] ?? '', { shouldDirty: true });
      order = { ...order, [side]: { ...order[side], ...check.suggestion } };
    }
    void goOn(order);
  }
  const onSubmit = form.handleSubmit((order) => checkThenSubmit(withoutBlankExtras(order)));
  // The form as it is now, again, with a card paying what the balance lacks (the server recomputes it).
  const payShortfall = async () => {
    setPayingShortfall(true);
    try {
      await form.handleSubmit((order) => submit({ ...withoutBlankExtras(order), payShortfall: true }))();
    } finally {
      setPayingShortfall(false);
    }
  };

  return (
    <FormProvider {...form}>
      <Dialog.Body>
        <QuoteWatcher control={form.control} onSettled={setQuotable} />
        <Form id={formId} onSubmit={onSubmit}>
          <PackageFields labelTypes={mode !== 'rates'} open={open} />
          <RateChoice quote={quote.data} loading={quote.isLoading} />
          <ShipDateField />
          <ExtrasFields />
          <SimpleGrid columns={{ base: 1, md: 2 }} gap={{ base: '5', md: '6' }}>
            <AddressFields side="from" addresses={addresses} />
            <AddressFields side="to" addresses={addresses} />
            <PaymentMethodField />
          </SimpleGrid>
        </Form>
        {/* In the body, not the fixed footer: two addresses side by side would crowd a phone's screen. Focus brings it into view. */}
        {checked && (
          <Box mt="6">
            <AddressCheckPanel findings={checked.findings} busy={continuing} onUseSuggested={applySuggestions} onKeep={() => void goOn(checked.order)} />
          </Box>
        )}
      </Dialog.Body>
      <Dialog.Footer borderTopWidth="1px" pt="4" flexDirection="column" alignItems="stretch">
        {/* In the footer, beside the button just pressed, not below the fold of the body. */}
        {short && <ShortOfCreditsAlert shortfallCents={short.shortfallCents} onPayShortfall={() => void payShortfall()} busy={payingShortfall} />}
        <OrderFooter formId={formId} busy={busy} leaving={leaving} quote={quote.data} />
      </Dialog.Footer>
    </FormProvider>
  );
}

/**
 * The price shown: the chosen service's in rates mode; in table mode SPEC section 9's estimate of the
 * label type plus the quote's price of its extras (signature, insurance).
 */
function OrderFooter({ formId, busy, leaving, quote }: { formId: string; busy: boolean; leaving: boolean; quote: Quote | undefined }) {
  const estimate = useEstimateCents();
  const service = useWatch<LabelFormValues, 'service'>({ name: 'service' });
  const labelType = useWatch<LabelFormValues, 'labelType'>({ name: 'labelType' });
  const typeRow = quote?.mode === 'table' ? quote.rates.find((r) => r.service === labelType && r.available) : undefined;
  const extras = (typeRow?.signatureCents ?? 0) + (typeRow?.insuranceCents ?? 0);
  const cents = quote?.mode === 'rates' ? (quote.rates.find((r) => r.service === service && r.available)?.priceCents ?? 0) : estimate + extras;
  return (
    <Flex w="full" gap="3" wrap="wrap" align="center" justify="space-between">
      <EstimatedCost cents={cents} />
      <HStack gap="3" ms="auto">
        <DialogActions cancelDisabled={leaving}>
          <Button type="submit" form={formId} colorPalette="blue" loading={busy} loadingText={leaving ? 'Redirecting…' : undefined}>
            Create Order {formatUsd(cents)}
          </Button>
        </DialogActions>
      </HStack>
    </Flex>
  );
}
