import { Button, HStack } from '@chakra-ui/react';

/** The two views of an admin queue: what waits for a decision, or every request. */
export function PendingOrAll({ onlyPending, onChange }: { onlyPending: boolean; onChange: (onlyPending: boolean) => void }) {
  return (
    <HStack gap="2" mb="4">
      <Button size="sm" variant={onlyPending ? 'solid' : 'outline'} aria-pressed={onlyPending} onClick={() => onChange(true)}>
        Pending
      </Button>
      <Button size="sm" variant={onlyPending ? 'outline' : 'solid'} aria-pressed={!onlyPending} onClick={() => onChange(false)}>
        All requests
      </Button>
    </HStack>
  );
}
