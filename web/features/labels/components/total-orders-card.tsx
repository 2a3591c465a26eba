import { StatCard } from '@/components/stat-card';
import { noValue } from '@/lib/transaction-labels';

/** SPEC section 2's total-orders card: the labels created, from the orders list's `totalOrders`. */
export function TotalOrdersCard({ total, isLoading }: { total: number | undefined; isLoading: boolean }) {
  return <StatCard label="Total Orders" value={total ?? noValue} isLoading={isLoading && total === undefined} minW="56" />;
}
