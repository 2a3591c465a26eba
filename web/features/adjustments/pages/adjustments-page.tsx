import { Text } from '@chakra-ui/react';
import { PageTitle } from '@/components/page-title';
import { useAdjustments } from '../api/adjustments';
import { AdjustmentsTable } from '../components/adjustments-table';

/**
 * Adjustments: what USPS charged after weighing and measuring the shipper's packages (wrong weight,
 * size or service), passed on at cost from the wallet, each with the carrier's evidence and a
 * Dispute button.
 */
export function AdjustmentsPage() {
  const list = useAdjustments();
  return (
    <>
      <PageTitle>Adjustments</PageTitle>
      <Text color="fg.muted" mb="6" maxW="3xl">
        USPS weighs and measures packages. When one is heavier or bigger than its label said, USPS charges the difference; we pass it on at cost from your
        wallet and mail you. If a measure is wrong, dispute it: we take it up with USPS, and what they give back returns to your wallet.
      </Text>
      <AdjustmentsTable list={list} />
    </>
  );
}
