import { Box, Button, Card, Heading, Input, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuFileText } from 'react-icons/lu';
import type { ApiScanForm } from '@domain/api/shipping-day';
import { todayInEastern } from '@domain/ship-date';
import { ApiError } from '@/api-client/client';
import { FormField } from '@/components/form-field';
import { notifyApiError, notifySuccess } from '@/components/notify';
import type { SavedAddress } from '@domain/api/addresses';
import { SavedAddressSelect } from './saved-address-select';
import { useCreateScanForm } from '../api/scan-forms';
import { ScanFormPdfButton } from './scan-form-pdf-button';

/**
 * Make the day's SCAN form: a ship date and one of the shipper's saved origins; the answer names
 * every label the form covers, with its PDF to print for the carrier.
 */
export function ScanFormCard({ addresses }: { addresses: SavedAddress[] }) {
  const [date, setDate] = useState(todayInEastern());
  const [from, setFrom] = useState('');
  const [made, setMade] = useState<ApiScanForm>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const { trigger, isMutating } = useCreateScanForm();
  const origin = from || addresses[0]?.id || '';

  const make = async () => {
    setFieldErrors({});
    try {
      const form = await trigger({ date, from: origin });
      setMade(form);
      notifySuccess('SCAN form made', `${form.labelCount} label${form.labelCount === 1 ? '' : 's'} on one form.`);
    } catch (error) {
      if (error instanceof ApiError) setFieldErrors(error.fields);
      notifyApiError('Failed to make the SCAN form.', error);
    }
  };

  return (
    <Card.Root>
      <Card.Header>
        <Heading as="h2" size="lg">
          Today&apos;s SCAN form
        </Heading>
        <Text color="fg.muted">
          One USPS form (PS 5630) for all the day&apos;s labels from one address: the carrier scans one sheet instead of every parcel.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="4">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <FormField label="Ship date" error={fieldErrors.date} required>
              <Input type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </FormField>
            <FormField label="Ships from" error={fieldErrors.from} required>
              <SavedAddressSelect addresses={addresses} value={origin} onChange={setFrom} />
            </FormField>
          </SimpleGrid>
          {addresses.length === 0 && <Text color="fg.muted">Save the address you ship from in Manage Addresses first.</Text>}
          <Button colorPalette="blue" alignSelf="start" loading={isMutating} disabled={!origin || !date} onClick={() => void make()}>
            <LuFileText aria-hidden /> Make SCAN form
          </Button>
          {made && (
            <Box borderWidth="1px" borderRadius="md" p="3" aria-live="polite">
              <Text fontWeight="semibold">
                SCAN form of {made.shipDate}: {made.labelCount} label{made.labelCount === 1 ? '' : 's'}
              </Text>
              <List.Root ps="5" my="2" fontFamily="mono" fontSize="sm" aria-label="Labels on this form">
                {made.trackingNumbers.map((t) => (
                  <List.Item key={t} wordBreak="break-all">
                    {t}
                  </List.Item>
                ))}
              </List.Root>
              <ScanFormPdfButton form={made} />
            </Box>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
