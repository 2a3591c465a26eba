/**
 * What a view shows while its data is on the way or could not be loaded; the tables and the admin
 * dashboard share them so every page says it the same way.
 */
import { Button, HStack, Spinner, Text } from '@chakra-ui/react';

/** A spinner with 'Loading…', announced politely. */
export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <HStack role="status" gap="2" color="fg.muted">
      <Spinner size="sm" />
      <Text>{label}</Text>
    </HStack>
  );
}

/** The failure, announced at once, with a Retry button when the caller can try again. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <HStack role="alert" gap="3" wrap="wrap">
      <Text color="fg.error">{message}</Text>
      {onRetry && (
        <Button size="xs" variant="outline" onClick={onRetry}>
          Retry
        </Button>
      )}
    </HStack>
  );
}
