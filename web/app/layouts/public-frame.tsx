import { Box, Button, Container, Flex, Link, SkipNavContent, SkipNavLink, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { AppLink, useReturnPath } from '@/components/app-link';
import { Brand } from '@/components/brand';
import { useDashboardPath } from '@/hooks/use-dashboard-path';
import { paths } from '@/lib/paths';
import { supportEmail } from '@/lib/support-contact';

/**
 * Landing, sign-in and the other public pages: logo and Sign In (Dashboard when signed in) on top,
 * copyright, the API reference and support below. The landing entry (web/landing.tsx) renders it
 * without the router, so this module imports nothing from the router: the landing page would load it.
 */
export function PublicFrame({ children }: { children: ReactNode }) {
  const returnPath = useReturnPath();
  const dashboard = useDashboardPath();
  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>Skip to content</SkipNavLink>
      <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg" borderBottomWidth="1px">
        <Container maxW="6xl" display="flex" alignItems="center" justifyContent="space-between" h="16">
          <Brand />
          <Button asChild size="sm" colorPalette="blue">
            {dashboard ? (
              <AppLink to={dashboard}>Dashboard</AppLink>
            ) : (
              <AppLink to={paths.login} state={{ from: returnPath }}>
                Sign In
              </AppLink>
            )}
          </Button>
        </Container>
      </Box>
      <SkipNavContent as="main" flex="1">
        {children}
      </SkipNavContent>
      <Box as="footer" borderTopWidth="1px" py="6">
        <Container maxW="6xl" display="flex" flexWrap="wrap" gap="4" justifyContent="space-between" color="fg.muted" fontSize="sm">
          <Text>© 2024 PrepaidShip. All rights reserved.</Text>
          <Flex gap="4" wrap="wrap">
            <Link asChild>
              <AppLink to={paths.apiDocs}>API reference</AppLink>
            </Link>
            <Link href={`mailto:${supportEmail}`}>Contact support: {supportEmail}</Link>
          </Flex>
        </Container>
      </Box>
    </Flex>
  );
}
