import { Button, Container, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';

/**
 * Shown when a page throws or its code fails to load. After a deploy an open tab asks for chunks
 * that no longer exist; a reload fetches the new ones.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => console.error(error), [error]);
  return (
    <Container as="main" maxW="md" py="16">
      <PageTitle>Something went wrong</PageTitle>
      <Text mb="6">The page could not be shown. Reloading usually fixes this.</Text>
      <Button colorPalette="blue" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Container>
  );
}
