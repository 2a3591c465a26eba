import { Card, Heading } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** A page's add or create form in a card under its own heading (Add an Address, Create a Key, ...). */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root maxW="3xl" mb="8">
      <Card.Header>
        <Heading as="h2" size="lg">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}
