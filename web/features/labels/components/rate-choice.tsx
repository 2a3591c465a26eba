import { Badge, HStack, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import type { ApiRate, Quote } from '@domain/api/quotes';
import { formatUsd } from '@domain/money';
import type { LabelFormValues } from '../lib/label-form';
import { formatShipDate } from './shipments-table';

/** What a row's price includes beyond postage, and USPS's own coverage; null when neither applies. */
export function extrasNote(rate: ApiRate): string | null {
  const parts = [
    ...(rate.signatureCents ? [`signature ${formatUsd(rate.signatureCents)}`] : []),
    ...(rate.insuranceCents ? [`insurance ${formatUsd(rate.insuranceCents)}`] : []),
  ];
  const includes = parts.length ? `Includes ${parts.join(' and ')}.` : '';
  const coverage = rate.coverageCents ? `USPS covers up to ${formatUsd(rate.coverageCents)} at no charge.` : '';
  return [includes, coverage].filter(Boolean).join(' ') || null;
}

const delivery = (rate: ApiRate) =>
  rate.deliveryDays === null
    ? null
    : `${rate.deliveryDays} business day${rate.deliveryDays === 1 ? '' : 's'}${rate.deliveryDate ? `, by ${formatShipDate(rate.deliveryDate)}` : ''}`;

/**
 * What the quote says of the parcel. Table mode: the chosen label type's service and delivery, or
 * why it is not available for this parcel, before the form is sent. Rates mode: every USPS service
 * with its price and delivery, the cheapest chosen, the ones that cannot carry the parcel shown
 * with their reason.
 */
export function RateChoice({ quote, loading }: { quote: Quote | undefined; loading: boolean }) {
  if (!quote) {
    return (
      <Text fontSize="sm" color="fg.muted" role="status">
        {loading ? 'Getting prices…' : 'Enter the package and both addresses to see what each service costs and when it arrives.'}
      </Text>
    );
  }
  return quote.mode === 'rates' ? <ServiceList quote={quote} /> : <LabelTypeNote quote={quote} />;
}

function LabelTypeNote({ quote }: { quote: Quote }) {
  const labelType = useWatch<LabelFormValues, 'labelType'>({ name: 'labelType' });
  const row = quote.rates.find((r) => r.service === labelType);
  if (!row) return null;
  if (!row.available) {
    return (
      <Text fontSize="sm" color="fg.error" role="alert">
        {row.reason}
      </Text>
    );
  }
  const note = extrasNote(row);
  return (
    <>
      <Text fontSize="sm" color="fg.muted" role="status">
        {row.description}
        {delivery(row) ? ` Delivery in ${delivery(row)}.` : ''}
      </Text>
      {note && (
        <Text fontSize="sm" color="fg.muted">
          {note}
        </Text>
      )}
    </>
  );
}

function ServiceList({ quote }: { quote: Quote }) {
  const { control, setValue, getValues } = useFormContext<LabelFormValues>();
  // The cheapest is chosen when nothing available is: at first, and when a new quote drops the choice.
  useEffect(() => {
    const chosen = quote.rates.find((r) => r.service === getValues('service'));
    const cheapest = quote.rates.find((r) => r.cheapest);
    if ((!chosen || !chosen.available) && cheapest) setValue('service', cheapest.service, { shouldDirty: true });
  }, [quote, getValues, setValue]);
  return (
    <Controller
      control={control}
      name="service"
      render={({ field }) => (
        <RadioGroup.Root value={field.value ?? null} onValueChange={(e) => field.onChange(e.value)} aria-label="Service">
          <Stack gap="2">
            {quote.rates.map((rate) => (
              <RadioGroup.Item key={rate.service} value={rate.service} disabled={!rate.available} alignItems="start">
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>
                  <HStack gap="2" wrap="wrap">
                    <Text as="span" fontWeight="medium">
                      {rate.name}
                    </Text>
                    {rate.available && <Text as="span">{formatUsd(rate.priceCents!)}</Text>}
                    {rate.cheapest && <Badge colorPalette="green">Cheapest</Badge>}
                    {rate.fastest && <Badge colorPalette="blue">Fastest</Badge>}
                  </HStack>
                  <Text fontSize="sm" color="fg.muted">
                    {rate.available ? (delivery(rate) ?? rate.description) : rate.reason}
                  </Text>
                  {rate.available && extrasNote(rate) && (
                    <Text fontSize="xs" color="fg.muted">
                      {extrasNote(rate)}
                    </Text>
                  )}
                </RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </Stack>
        </RadioGroup.Root>
      )}
    />
  );
}
