import { HStack, Progress } from '@chakra-ui/react';
import type { ApiBatch } from '@domain/api/batches';
import { batchProgress } from '../lib/batch-figures';

/**
 * Rows done (bought or failed) of those the purchase covers. The bar is the progressbar itself:
 * named "Buying labels", its value text "3 of 5" rather than a bare number.
 */
export function BatchProgress({ batch }: { batch: Pick<ApiBatch, 'counts' | 'status'> }) {
  const { done, toBuy } = batchProgress(batch);
  const text = `${done} of ${toBuy}`;
  return (
    <Progress.Root value={done} max={Math.max(toBuy, 1)} colorPalette={batch.status === 'done' ? 'green' : 'blue'} size="lg">
      <HStack justify="space-between" mb="2">
        <Progress.Label>Buying labels</Progress.Label>
        <Progress.ValueText>{text}</Progress.ValueText>
      </HStack>
      <Progress.Track aria-label="Buying labels" aria-valuetext={text}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
