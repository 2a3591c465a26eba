import { Container, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PageTitle } from '@/components/page-title';
import { paths } from '@/lib/paths';

export function NotFoundPage() {
  return (
    <Container maxW="md" py="16">
      <PageTitle>Page not found</PageTitle>
      <Text>There is nothing at this address.</Text>
      <Link asChild mt="4" colorPalette="blue">
        <RouterLink to={paths.home}>Back to the home page</RouterLink>
      </Link>
    </Container>
  );
}
