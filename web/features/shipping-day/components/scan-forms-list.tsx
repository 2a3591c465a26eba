import { Text } from '@chakra-ui/react';
import { useScanForms } from '../api/scan-forms';
import { ListSection } from './list-section';
import { ScanFormPdfButton } from './scan-form-pdf-button';

/** The shipper's SCAN forms, newest first: day, origin, labels and the PDF. */
export function ScanFormsList() {
  const { scanForms, error, isLoading, ...pager } = useScanForms();
  return (
    <ListSection
      title="SCAN forms"
      headingId="scan-forms-heading"
      items={scanForms}
      error={error}
      isLoading={isLoading}
      errorText="The SCAN forms could not be loaded."
      emptyText="No SCAN form yet."
      pager={pager}
      details={(f) => (
        <>
          <Text fontWeight="semibold">
            {f.shipDate} · {f.labelCount} label{f.labelCount === 1 ? '' : 's'}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            From {f.from.name}, {f.from.street}, {f.from.city}
          </Text>
          <Text fontSize="sm" fontFamily="mono" wordBreak="break-all">
            {f.trackingNumbers.join(', ')}
          </Text>
        </>
      )}
      action={(f) => <ScanFormPdfButton form={f} />}
    />
  );
}
