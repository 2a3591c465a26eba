import { Box, HStack, Text } from '@chakra-ui/react';
import { formatUsd } from '@domain/money';
import type { ApiBatch } from '@domain/api/batches';
import { summarizeBatch } from '../lib/batch-figures';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Before buying: what a purchase covers and costs, and what it leaves out. */
export function BatchSummary({ batch }: { batch: Pick<ApiBatch, 'rows' | 'totalCents'> }) {
  const { ready, invalid, dropped, totalCents } = summarizeBatch(batch);
  return (
    <Box role="group" aria-label="Batch summary" borderWidth="1px" rounded="md" p="4">
      <HStack gap="6" wrap="wrap">
        <Text fontWeight="semibold">{plural(ready, 'valid row', 'valid rows')}</Text>
        <Text fontWeight="semibold">Total {formatUsd(totalCents)}</Text>
        <Text color={invalid > 0 ? 'fg.error' : undefined}>{invalid} invalid</Text>
        {dropped > 0 && <Text color="fg.muted">{dropped} dropped</Text>}
      </HStack>
      {invalid > 0 && (
        <Text mt="2" fontSize="sm" color="fg.muted">
          Invalid rows are not bought: fix or drop them first, or buy the valid rows without them.
        </Text>
      )}
    </Box>
  );
}
