import { Box, Button, Container, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { supportEmail } from '../../../lib/support-contact';
import { paths } from '../../../lib/paths';
import { useReturnPath } from '../../../lib/navigation-state';
import { useSession } from '../../../lib/session';

/** The landing page's anchors (SPEC section 2); the sections' content comes with the landing issue. */
const sections = [
  { id: 'prices', title: 'USPS Prices' },
  { id: 'howto', title: 'How To Ship' },
  { id: 'savings', title: 'Savings' },
] as const;

export function LandingPage() {
  const { token } = useSession();
  const returnPath = useReturnPath();
  return (
    <>
      <Box as="section" id="home" aria-labelledby="home-title" scrollMarginTop="80px" py={{ base: '16', md: '24' }} bg="bg.subtle">
        <Container maxW="4xl" textAlign="center">
          <Heading as="h1" id="home-title" size={{ base: '4xl', md: '6xl' }}>
            Effortless Shipping Labels
          </Heading>
          <Text mt="4" fontSize="lg" color="fg.muted">
            Buy prepaid USPS domestic labels, print them at home and track every package in one place.
          </Text>
          <Button asChild size="lg" mt="8" colorPalette="blue">
            {token ? <RouterLink to={paths.user.labels}>Go To Dashboard</RouterLink> : <RouterLink to={paths.login} state={{ from: returnPath }}>Get Started</RouterLink>}
          </Button>
        </Container>
      </Box>
      {sections.map(({ id, title }) => (
        <Box as="section" key={id} id={id} aria-labelledby={`${id}-title`} scrollMarginTop="80px" py="12">
          <Container maxW="6xl">
            <Heading as="h2" id={`${id}-title`} size="2xl">
              {title}
            </Heading>
          </Container>
        </Box>
      ))}
      <Box as="section" id="contact" aria-labelledby="contact-title" scrollMarginTop="80px" py="12">
        <Container maxW="6xl">
          <Heading as="h2" id="contact-title" size="2xl">
            Contact
          </Heading>
          <Text mt="4">
            Questions about a label or your wallet? Write to <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>.
          </Text>
        </Container>
      </Box>
    </>
  );
}
