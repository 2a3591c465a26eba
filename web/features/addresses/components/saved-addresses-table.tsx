import { DataTable, type DataTableColumn } from '@/components/data-table';
import type { SavedAddress } from '@domain/api/addresses';
import { noValue } from '@/lib/transaction-labels';
import { addressName, DeleteAddressButton } from './delete-address-button';

const columns: DataTableColumn<SavedAddress>[] = [
  { header: 'Name', cell: addressName },
  { header: 'Street', cell: (a) => a.street },
  { header: 'City', cell: (a) => a.city },
  { header: 'State', cell: (a) => a.state },
  { header: 'ZIP', cell: (a) => a.zip },
  { header: 'Country', cell: (a) => a.country || noValue },
  { header: 'Actions', cell: (a) => <DeleteAddressButton address={a} /> },
];

interface SavedAddressesTableProps {
  addresses: SavedAddress[];
  isLoading: boolean;
  error?: string;
  onRetry: () => void;
}

/** The saved addresses, newest first, each with Delete. */
export function SavedAddressesTable({ addresses, isLoading, error, onRetry }: SavedAddressesTableProps) {
  return (
    <DataTable
      caption="Saved Addresses"
      columns={columns}
      rows={addresses}
      rowKey={(a) => a.id}
      isLoading={isLoading}
      error={error}
      onRetry={onRetry}
      emptyMessage="No saved addresses yet. Add one above to reuse it when you create labels."
    />
  );
}
