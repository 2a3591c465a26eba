import { Box, Button, Container, Heading, Link, List, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { supportEmail } from '@/lib/support-contact';
import { paths } from '@/lib/paths';
import { useReturnPath } from '@/lib/navigation-state';
import { useDashboardPath } from '@/hooks/use-dashboard-path';
import { LabelsCounter } from '../components/labels-counter';
import { PriceTable } from '../components/price-table';
import { PromoCountdown } from '../components/promo-countdown';
import { SavingsCalculator } from '../components/savings-calculator';
import { SideNav } from '../components/side-nav';

const features = [
  { title: 'Fast shipping', text: 'Buy a USPS domestic label in a minute, with the price shown before you pay.' },
  { title: 'Print labels', text: 'Download each label as a PDF and print it at home on any printer.' },
  { title: '24/7 support', text: 'Write to us any time about a label, a package or your wallet.' },
] as const;

const steps = [
  { title: 'Create an account', text: 'Sign up with your email address and confirm it with the code we send you.' },
  { title: 'Add balance or pay per label', text: 'Top up your wallet with a debit card, Apple Pay or crypto, or pay by card when you order.' },
  { title: 'Create a label', text: 'Choose the service, enter the weight, the package size and both addresses (up to 70 lbs).' },
  { title: 'Print and ship', text: 'Download the PDF, attach it to the package, hand it to USPS and track it from your dashboard.' },
] as const;

/**
 * Get Started (to sign in) for visitors, Go To Dashboard for signed-in users. The closing section's copy
 * is worded differently (`closing`) so each page has one link of each name.
 */
function StartButton({ closing = false }: { closing?: boolean }) {
  const dashboard = useDashboardPath();
  const returnPath = useReturnPath();
  return (
    <Button asChild size="lg" colorPalette="blue">
      {dashboard ? (
        <RouterLink to={dashboard}>{closing ? 'Open Your Dashboard' : 'Go To Dashboard'}</RouterLink>
      ) : (
        <RouterLink to={paths.login} state={{ from: returnPath }}>
          {closing ? 'Get Started Now' : 'Get Started'}
        </RouterLink>
      )}
    </Button>
  );
}

function Section({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <Box as="section" id={id} aria-labelledby={`${id}-title`} scrollMarginTop="80px" py={{ base: '10', md: '14' }}>
      <Container maxW="5xl">
        <Heading as="h2" id={`${id}-title`} size={{ base: '2xl', md: '3xl' }}>
          {title}
        </Heading>
        {intro && (
          <Text mt="2" color="fg.muted">
            {intro}
          </Text>
        )}
        {children}
      </Container>
    </Box>
  );
}

export function LandingPage() {
  return (
    <Box css={{ '@media (min-width: 769px) and (max-width: 1199px)': { paddingLeft: '6.5rem' } }}>
      <SideNav />
      <Box as="section" id="home" aria-labelledby="home-title" scrollMarginTop="80px" py={{ base: '12', md: '20' }} bg="bg.subtle">
        <Container maxW="4xl" textAlign="center">
          <Heading as="h1" id="home-title" size={{ base: '4xl', md: '6xl' }}>
            Effortless Shipping Labels
          </Heading>
          <Text mt="4" fontSize="lg" color="fg.muted">
            Buy prepaid USPS domestic labels, print them at home and track every package in one place. Pay with a debit card, Apple Pay or crypto.
          </Text>
          <Box mt="8">
            <StartButton />
          </Box>
          <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="4" mt="10" textAlign="start">
            {features.map((f) => (
              <Box as="li" key={f.title} bg="bg.panel" borderWidth="1px" rounded="l3" p="4">
                <Text fontWeight="semibold">{f.title}</Text>
                <Text mt="1" fontSize="sm" color="fg.muted">
                  {f.text}
                </Text>
              </Box>
            ))}
          </SimpleGrid>
        </Container>
      </Box>
      <PromoCountdown />
      <LabelsCounter />
      <Section id="prices" title="USPS Prices" intro="One price per label, by weight. No subscription.">
        <PriceTable />
      </Section>
      <Section id="howto" title="How To Ship" intro="From sign-up to drop-off in four steps.">
        <List.Root as="ol" listStyleType="none" mt="6" gap="4">
          {steps.map((s, i) => (
            <List.Item key={s.title} display="flex" gap="4" alignItems="flex-start">
              <Box
                flexShrink={0}
                boxSize="8"
                rounded="full"
                bg="blue.solid"
                color="blue.contrast"
                display="grid"
                placeItems="center"
                fontWeight="bold"
                aria-hidden
              >
                {i + 1}
              </Box>
              <Box>
                <Text fontWeight="semibold">{s.title}</Text>
                <Text color="fg.muted">{s.text}</Text>
              </Box>
            </List.Item>
          ))}
        </List.Root>
      </Section>
      <Section id="savings" title="Savings" intro="Enter a package weight to compare our price with other ways to buy the same label.">
        <SavingsCalculator />
      </Section>
      <Box as="section" id="contact" aria-labelledby="contact-title" scrollMarginTop="80px" py={{ base: '10', md: '14' }} bg="bg.subtle">
        <Container maxW="5xl" textAlign="center">
          <Stack align="center" gap="4">
            <Heading as="h2" id="contact-title" size={{ base: '2xl', md: '3xl' }}>
              Ready to ship?
            </Heading>
            <Text color="fg.muted">Create your first label in minutes. Pay with a debit card, Apple Pay or crypto.</Text>
            <StartButton closing />
            <Text>
              Questions about a label or your wallet? Write to <Link href={`mailto:${supportEmail}`}>{supportEmail}</Link>.
            </Text>
          </Stack>
        </Container>
      </Box>
    </Box>
  );
}
