import { Container } from '@chakra-ui/react';
import { PageTitle } from '../../../components/page-title';

export function LoginPage() {
  return (
    <Container maxW="md" py="16">
      <PageTitle>Sign In</PageTitle>
    </Container>
  );
}
