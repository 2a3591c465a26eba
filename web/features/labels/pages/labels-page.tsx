import { Box, Flex, Heading } from '@chakra-ui/react';
import { useEffect } from 'react';
import { errorMessage } from '@/api-client/client';
import { ExportCsvButton } from '@/components/export-csv-control';
import { notifyApiError } from '@/components/notify';
import { PageTitle } from '@/components/page-title';
import { useOrders } from '../api/list-orders';
import { CreateLabelDialog } from '../components/create-label-dialog';
import { ShipmentFilters, useShipmentFilters } from '../components/shipment-filters';
import { ShipmentsTable } from '../components/shipments-table';
import { SavingsCard } from '../components/savings-card';
import { TotalOrdersCard } from '../components/total-orders-card';

/** SPEC section 2's Shipping Labels page: the total-orders card, Create Label, and the shipments. */
export function LabelsPage() {
  const filters = useShipmentFilters();
  const { orders, totalOrders, error, isLoading, mutate, ...pager } = useOrders(filters.applied);

  useEffect(() => {
    if (error) notifyApiError('Failed to Fetch Orders', error, 'An error occurred while fetching orders.', 'orders-fetch');
  }, [error]);

  return (
    <>
      <PageTitle>Shipping Labels</PageTitle>
      <Flex justify="space-between" align="end" wrap="wrap" gap="4" mb="8">
        <TotalOrdersCard total={totalOrders} isLoading={isLoading} />
        <CreateLabelDialog />
      </Flex>
      <SavingsCard />
      <Heading as="h2" size="lg" mb="4">
        Shipments
      </Heading>
      <ShipmentFilters filters={filters} />
      {/* One date range on the page: the export takes the filter bar's days (the list's, so a To before From exports all days, as the list shows). */}
      <Box mb="4">
        <ExportCsvButton
          route="GET /exports/orders.csv"
          fileStem="prepaidship-orders"
          from={filters.applied.from}
          to={filters.applied.to}
          note="Days from the filters above; search and status don't narrow the file."
        />
      </Box>
      <ShipmentsTable
        orders={orders}
        emptyMessage={filters.active ? 'No shipments match these filters' : undefined}
        isLoading={isLoading}
        error={error ? errorMessage(error, 'The shipments could not be loaded.') : undefined}
        onRetry={() => void mutate()}
        pager={pager}
      />
    </>
  );
}
