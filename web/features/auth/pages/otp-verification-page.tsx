import { Container } from '@chakra-ui/react';
import { PageTitle } from '../../../components/page-title';

export function OtpVerificationPage() {
  return (
    <Container maxW="md" py="16">
      <PageTitle>Verify Your Email</PageTitle>
    </Container>
  );
}
