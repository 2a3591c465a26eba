import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** Shown while a route's code loads on the first visit. */
export function FullPageSpinner() {
  return (
    <Center h="100dvh" role="status">
      <Spinner size="xl" color="blue.600" />
      <VisuallyHidden>Loading…</VisuallyHidden>
    </Center>
  );
}
