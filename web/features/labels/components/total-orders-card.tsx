import { Card, Skeleton, Stat } from '@chakra-ui/react';
import { noValue } from '../../../lib/transaction-labels';

/** SPEC section 2's total-orders card: the labels created, from the orders list's `totalOrders`. */
export function TotalOrdersCard({ total, isLoading }: { total: number | undefined; isLoading: boolean }) {
  return (
    <Card.Root minW="56">
      <Card.Body>
        <Stat.Root>
          <Stat.Label>Total Orders</Stat.Label>
          <Skeleton loading={isLoading && total === undefined} minW="12">
            <Stat.ValueText aria-live="polite">{total ?? noValue}</Stat.ValueText>
          </Skeleton>
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}
