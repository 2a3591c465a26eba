import { ENTRY_STATUSES, ENTRY_TYPES } from '@domain/api/wallet';
import { DateRangeFilter, FilterBar, rangeInOrder, SelectFilter } from '@/components/filter-bar';
import { useUrlFilters } from '@/components/use-url-filters';
import { transactionTypeLabel } from '@/lib/transaction-labels';
import type { TransactionFilters as Filters } from '../api/list-transactions';

const FILTER_NAMES = ['type', 'status', 'from', 'to'] as const;

const typeOptions = [{ options: ENTRY_TYPES.map((t) => ({ value: t, label: transactionTypeLabel(t) })) }];
const statusOptions = [{ options: ENTRY_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) })) }];

/** The transactions' filters, kept in the URL (`?type=&status=&from=&to=`); a To before From leaves the range out. */
export function useTransactionFilters() {
  const url = useUrlFilters(FILTER_NAMES);
  const { type, status, from, to } = url.values;
  const applied: Filters = rangeInOrder(from, to) ? { type, status, from, to } : { type, status, from: '', to: '' };
  return { ...url, applied };
}

/** Type, status and days above the wallet's transactions table. */
export function TransactionFilters({ filters }: { filters: ReturnType<typeof useTransactionFilters> }) {
  const { values, set, clear, active } = filters;
  return (
    <FilterBar label="Filter transactions" onClear={clear} active={active}>
      <SelectFilter label="Type" value={values.type} onChange={(v) => set('type', v)} groups={typeOptions} />
      <SelectFilter label="Status" value={values.status} onChange={(v) => set('status', v)} groups={statusOptions} />
      <DateRangeFilter from={values.from} to={values.to} onChange={(name, v) => set(name, v)} />
    </FilterBar>
  );
}
