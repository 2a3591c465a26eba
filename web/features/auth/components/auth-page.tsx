import { Container, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageTitle } from '@/components/page-title';

/** The frame of every account page: a narrow column with the page's one heading. */
export function AuthPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container maxW="md" py={{ base: '10', md: '16' }}>
      <PageTitle>{title}</PageTitle>
      <Stack gap="6">{children}</Stack>
    </Container>
  );
}
