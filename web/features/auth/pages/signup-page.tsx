import { Container } from '@chakra-ui/react';
import { PageTitle } from '../../../components/page-title';

export function SignupPage() {
  return (
    <Container maxW="md" py="16">
      <PageTitle>Create Account</PageTitle>
    </Container>
  );
}
