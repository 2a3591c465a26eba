import { Stack, Text } from '@chakra-ui/react';
import { WEIGHT_MAX_LB } from '@domain/constants';
import { formatUsd } from '@domain/money';

/** "Estimated cost: $6.00", live; with no price yet, what is missing. A status: read out when it changes. */
export function EstimatedCost({ cents }: { cents: number }) {
  return (
    <Stack gap="0" role="status">
      <Text>
        Estimated cost:{' '}
        <Text as="strong" fontWeight="bold">
          {formatUsd(cents)}
        </Text>
      </Text>
      {cents === 0 && (
        <Text fontSize="sm" color="fg.muted">
          Choose a label type and a weight up to {WEIGHT_MAX_LB} lbs.
        </Text>
      )}
    </Stack>
  );
}
