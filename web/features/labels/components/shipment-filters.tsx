import { useCallback } from 'react';
import { ORDER_STATUSES, SHIPMENT_STATUSES } from '@domain/shipment-statuses';
import { DateRangeFilter, FilterBar, rangeInOrder, SearchFilter, SelectFilter } from '@/components/filter-bar';
import { useUrlFilters } from '@/components/use-url-filters';
import type { OrderFilters } from '../api/list-orders';

const FILTER_NAMES = ['q', 'status', 'from', 'to'] as const;

/** `refund_pending` -> "Refund pending". */
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1).replaceAll('_', ' ');

/** The order's own statuses, then where the package is: one filter, as the API takes it. */
const statusGroups = [
  { label: 'Label', options: ORDER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })) },
  { label: 'Package', options: SHIPMENT_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })) },
];

/**
 * The shipments' filters, kept in the URL (`?q=&status=&from=&to=`): what the list asks for (a
 * To before From leaves the range out) and whether any is set.
 */
export function useShipmentFilters() {
  const url = useUrlFilters(FILTER_NAMES);
  const { q, status, from, to } = url.values;
  const applied: OrderFilters = rangeInOrder(from, to) ? { q, status, from, to } : { q, status, from: '', to: '' };
  return { ...url, applied };
}

/** Search (recipient name, city or tracking number), status and purchase days above the shipments table. */
export function ShipmentFilters({ filters }: { filters: ReturnType<typeof useShipmentFilters> }) {
  const { values, set, clear, active } = filters;
  const search = useCallback((text: string) => set('q', text), [set]);
  return (
    <FilterBar label="Filter shipments" onClear={clear} active={active}>
      <SearchFilter label="Search" placeholder="Name, city or tracking number" value={values.q} onSearch={search} />
      <SelectFilter label="Status" value={values.status} onChange={(v) => set('status', v)} groups={statusGroups} />
      <DateRangeFilter from={values.from} to={values.to} onChange={(name, v) => set(name, v)} />
    </FilterBar>
  );
}
