import { Container } from '@chakra-ui/react';
import { PageTitle } from '../../../components/page-title';

export function ForgotPasswordPage() {
  return (
    <Container maxW="md" py="16">
      <PageTitle>Forgot Password</PageTitle>
    </Container>
  );
}
