import { Heading } from '@chakra-ui/react';

/** The one h1 of a page. */
export function PageTitle({ children }: { children: string }) {
  return (
    <Heading as="h1" size="2xl" mb="6">
      {children}
    </Heading>
  );
}
