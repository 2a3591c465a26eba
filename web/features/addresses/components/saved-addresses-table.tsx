import { DataTable, type DataTableColumn } from '@/components/data-table';
import type { SavedAddress } from '@domain/api/addresses';
import { formatUsPhone } from '@domain/phone';
import { noValue } from '@/lib/transaction-labels';
import { addressName, DeleteAddressButton } from './delete-address-button';

const columns: DataTableColumn<SavedAddress>[] = [
  { header: 'Name', cell: addressName },
  { header: 'Company', cell: (a) => a.company || noValue },
  // Both street lines, as an envelope writes them on one line.
  { header: 'Street', cell: (a) => [a.street, a.street2].filter(Boolean).join(', ') },
  { header: 'City', cell: (a) => a.city },
  { header: 'State', cell: (a) => a.state },
  { header: 'ZIP', cell: (a) => a.zip },
  { header: 'Country', cell: (a) => a.country || noValue },
  { header: 'Phone', cell: (a) => (a.phone ? formatUsPhone(a.phone) : noValue) },
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
