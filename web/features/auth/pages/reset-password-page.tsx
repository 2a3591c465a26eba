import { Container } from '@chakra-ui/react';
import { PageTitle } from '../../../components/page-title';

export function ResetPasswordPage() {
  return (
    <Container maxW="md" py="16">
      <PageTitle>Reset Password</PageTitle>
    </Container>
  );
}
