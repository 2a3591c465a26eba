import { Text } from '@chakra-ui/react';
import { PageTitle } from '@/components/page-title';
import { ShippersOnly } from '@/features/profile';
import { RecentBatches } from '../components/recent-batches';
import { UploadBatchForm } from '../components/upload-batch-form';

/** Batch Labels: a spreadsheet of labels in, a preview of priced rows out. */
export function BatchUploadPage() {
  return (
    <>
      <PageTitle>Batch Labels</PageTitle>
      <Text mb="6" maxW="prose">
        Buy many labels at once from a spreadsheet: download the template, fill one row per parcel, and upload it as CSV. You see every row&apos;s price or what
        is wrong with it before anything is bought.
      </Text>
      <ShippersOnly>
        <UploadBatchForm />
      </ShippersOnly>
      <RecentBatches />
    </>
  );
}
