import { Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { errorMessage } from '@/api-client/client';
import { LoadMoreButton } from '@/components/data-table';
import { useScanForms } from '../api/scan-forms';
import { ScanFormPdfButton } from './scan-form-pdf-button';

/** The shipper's SCAN forms, newest first: day, origin, labels and the PDF. */
export function ScanFormsList() {
  const { scanForms, error, isLoading, ...pager } = useScanForms();
  return (
    <Box as="section" aria-labelledby="scan-forms-heading">
      <Heading as="h2" size="lg" mb="3" id="scan-forms-heading">
        SCAN forms
      </Heading>
      {error && <Text color="fg.error">{errorMessage(error, 'The SCAN forms could not be loaded.')}</Text>}
      {!isLoading && !error && scanForms.length === 0 && <Text color="fg.muted">No SCAN form yet.</Text>}
      <Stack as="ul" gap="2" listStyleType="none">
        {scanForms.map((f) => (
          <Box as="li" key={f.id} borderWidth="1px" borderRadius="md" p="3">
            <HStack justify="space-between" flexWrap="wrap" gap="2">
              <Box minW="0">
                <Text fontWeight="semibold">
                  {f.shipDate} · {f.labelCount} label{f.labelCount === 1 ? '' : 's'}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  From {f.from.name}, {f.from.street}, {f.from.city}
                </Text>
                <Text fontSize="sm" fontFamily="mono" wordBreak="break-all">
                  {f.trackingNumbers.join(', ')}
                </Text>
              </Box>
              <ScanFormPdfButton form={f} />
            </HStack>
          </Box>
        ))}
      </Stack>
      <LoadMoreButton pager={pager} />
    </Box>
  );
}
