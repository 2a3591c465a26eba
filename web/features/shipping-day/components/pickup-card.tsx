import { Button, Card, Checkbox, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuTruck } from 'react-icons/lu';
import type { SavedAddress } from '@domain/api/addresses';
import { SavedAddressSelect } from './saved-address-select';
import { pickupSchema } from '@domain/schemas/shipping-day';
import { todayInEastern } from '@domain/ship-date';
import { ApiError } from '@/api-client/client';
import { useApiQuery } from '@/api-client/swr-config';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import { useChangePickups } from '../api/pickups';

/** The first page of the shipper's usable labels, newest first: the parcels a pickup can cover. */
const usableLabelsKey = ['GET /shipping/orders', { query: { status: 'created', limit: '50' } }] as const;

/**
 * Book a USPS carrier pickup (free): the day, the window, where, a note for the carrier and the
 * labels whose parcels wait there. Checked by the server's own schema before it is sent.
 */
export function PickupCard({ addresses }: { addresses: SavedAddress[] }) {
  const [date, setDate] = useState(todayInEastern());
  const [windowStart, setStart] = useState('09:00');
  const [windowEnd, setEnd] = useState('17:00');
  const [place, setPlace] = useState('');
  const [instructions, setInstructions] = useState('');
  const [orderIds, setOrderIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const { book } = useChangePickups();
  const labels = useApiQuery(usableLabelsKey).data?.orders ?? [];
  const address = place || addresses[0]?.id || '';

  const submit = async () => {
    const parsed = pickupSchema.safeParse({ date, windowStart, windowEnd, address, instructions, orderIds });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'date'), i.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const pickup = await book(parsed.data);
      notifySuccess('Pickup booked', `Confirmation ${pickup.confirmation}`);
      setOrderIds([]);
    } catch (error) {
      if (error instanceof ApiError) setErrors(error.fields);
      notifyApiError('Failed to book the pickup.', error);
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: string, on: boolean) => setOrderIds((ids) => (on ? [...ids, id] : ids.filter((x) => x !== id)));

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Book a pickup
        </Heading>
        <Text color="fg.muted">USPS collects your parcels where they wait, free of charge.</Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
            <FormField label="Pickup date" error={errors.date} required>
              <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </FormField>
            <FormField label="From" error={errors.windowStart} required>
              <Input type="time" value={windowStart} onChange={(e) => setStart(e.target.value)} />
            </FormField>
            <FormField label="Until" error={errors.windowEnd} required>
              <Input type="time" value={windowEnd} onChange={(e) => setEnd(e.target.value)} />
            </FormField>
          </SimpleGrid>
          <FormField label="Pickup address" error={errors.address} required>
            <SavedAddressSelect addresses={addresses} value={address} onChange={setPlace} />
          </FormField>
          <FormField label="Instructions for the carrier" error={errors.instructions}>
            <Input value={instructions} maxLength={200} placeholder="Side door, front porch, …" onChange={(e) => setInstructions(e.target.value)} />
          </FormField>
          <Stack as="fieldset" gap="2">
            <Text as="legend" fontWeight="medium" mb="1">
              Parcels to collect
            </Text>
            {labels.length === 0 && <Text color="fg.muted">No label to collect yet.</Text>}
            {labels.map((o) => (
              <Checkbox.Root
                key={o.shipOrderId}
                checked={orderIds.includes(o.shipOrderId)}
                onCheckedChange={(e) => toggle(o.shipOrderId, e.checked === true)}
                size="sm"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label wordBreak="break-all">
                  {o.tracking} · to {o.to.name}, {o.to.city} · ships {o.shipDate}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
            {errors.orderIds && (
              <Text color="fg.error" fontSize="sm" role="alert">
                {errors.orderIds}
              </Text>
            )}
          </Stack>
          <Button colorPalette="blue" alignSelf="start" loading={busy} disabled={!address} onClick={() => void submit()}>
            <LuTruck aria-hidden /> Book pickup
          </Button>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
