import { Box, Button, Container, Heading, Link, List, SimpleGrid, Stack, Text, type SimpleGridProps } from '@chakra-ui/react';
import { AUTO_REFUND_AFTER_DAYS, BATCH_MAX_ROWS, REFUND_WINDOW_DAYS, WITHDRAWAL_INTERVAL_DAYS } from '@domain/constants';
import { Global } from '@emotion/react';
import type { ReactNode } from 'react';
import { supportEmail } from '@/lib/support-contact';
import { paths } from '@/lib/paths';
import { AppLink, useReturnPath } from '@/components/app-link';
import { useDashboardPath } from '@/hooks/use-dashboard-path';
import { LabelIllustration } from '../components/label-illustration';
import { LabelsCounter } from '../components/labels-counter';
import { PriceTable } from '../components/price-table';
import { PromoCountdown } from '../components/promo-countdown';
import { SavingsCalculator } from '../components/savings-calculator';
import { SideNav } from '../components/side-nav';

// Only what the product does: no round-the-clock promise (support is a mailbox), no speed figure.
const features = [
  { title: 'Fast shipping', text: 'Buy a USPS domestic label online, with the price shown before you pay.' },
  { title: 'Print labels', text: 'Download each label as a 4x6 PDF and print it at home.' },
  { title: 'Email support', text: 'Write to us about a label, a package or your wallet, from your dashboard or by email.' },
] as const;

const steps = [
  { title: 'Create an account', text: 'Sign up with your email address and confirm it with the code we send you.' },
  { title: 'Add balance or pay per label', text: 'Top up your wallet with a debit card, Apple Pay or crypto, or pay by card when you order.' },
  { title: 'Create a label', text: 'Choose the service, enter the weight, the package size and both addresses (up to 70 lbs).' },
  { title: 'Print and ship', text: 'Download the PDF, attach it to the package, hand it to USPS and track it from your dashboard.' },
] as const;

/**
 * What an account can do after buying a label, each a feature the dashboard has today (the batch
 * page, tracking, saved addresses with their check, notice mails, receipts and exports, withdrawals),
 * worded as those features keep it.
 */
const dashboardFeatures = [
  { title: 'Track every package', text: 'Follow the USPS status and scans of each shipment from your shipments list, or look up a tracking number.' },
  { title: 'Saved addresses', text: 'Save the addresses you ship from and to and fill a label from them. Both addresses are checked before you buy.' },
  { title: 'Batch labels', text: `Upload a CSV of up to ${BATCH_MAX_ROWS} packages, fix any row in place, then buy every label at once.` },
  { title: 'Delivery emails', text: 'Choose to be emailed when a package is delivered, when it runs into a problem, or when a label is still unused.' },
  { title: 'Receipts and exports', text: 'Download a PDF receipt for a top-up or a label, and export your shipments and wallet entries as CSV.' },
  { title: 'Your credit back', text: `Ask for unused wallet credit back from your wallet, once every ${WITHDRAWAL_INTERVAL_DAYS} days.` },
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
        <AppLink to={dashboard}>{closing ? 'Open Your Dashboard' : 'Go To Dashboard'}</AppLink>
      ) : (
        <AppLink to={paths.login} state={{ from: returnPath }}>
          {closing ? 'Get Started Now' : 'Get Started'}
        </AppLink>
      )}
    </Button>
  );
}

/** A section of the page; `anchor: false` keeps its id off the section, for one the side navigation does not list. */
function Section({ id, title, intro, anchor = true, children }: { id: string; title: string; intro?: string; anchor?: boolean; children: ReactNode }) {
  return (
    <Box as="section" id={anchor ? id : undefined} aria-labelledby={`${id}-title`} scrollMarginTop="80px" py={{ base: '10', md: '14' }}>
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

/**
 * What the refund feature really does (domain/api/orders.ts, docs/decisions/0050-refund-window-and-acceptance-scan.md): an
 * unused label may be refunded until REFUND_WINDOW_DAYS after its purchase unless USPS has scanned
 * it; the price goes back to the wallet when the carrier confirms; one still unused
 * AUTO_REFUND_AFTER_DAYS after its purchase is refunded without asking.
 */
function RefundPromise() {
  return (
    <Box as="aside" aria-labelledby="refund-title" mt="8" borderWidth="1px" borderColor="green.muted" bg="green.subtle" rounded="l3" p={{ base: '4', md: '6' }}>
      <Heading as="h3" id="refund-title" size="lg">
        Didn&apos;t use a label? Get your money back.
      </Heading>
      <Text mt="2">
        Ask for a refund of any label USPS has not scanned, up to {REFUND_WINDOW_DAYS} days after its purchase, from your shipments list. The price goes back to
        your wallet once the carrier confirms the refund, and a label still unused after {AUTO_REFUND_AFTER_DAYS} days is refunded without you asking.
      </Text>
    </Box>
  );
}

/** A list of short feature cards, three across on a wide screen. */
function FeatureCards({ items, ...grid }: { items: readonly { title: string; text: string }[] } & SimpleGridProps) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 3 }} gap="4" {...grid}>
      {items.map((f) => (
        <Box as="li" key={f.title} bg="bg.panel" borderWidth="1px" rounded="l3" p="4">
          <Text fontWeight="semibold">{f.title}</Text>
          <Text mt="1" fontSize="sm" color="fg.muted">
            {f.text}
          </Text>
        </Box>
      ))}
    </SimpleGrid>
  );
}

export function LandingPage() {
  return (
    <Box css={{ '@media (min-width: 769px) and (max-width: 1199px)': { paddingLeft: '6.5rem' } }}>
      {/*
        The scrollbar shown from the first paint: the browser may paint the prerendered page before
        it has parsed all of it, while it is still no taller than the screen, and the scrollbar that
        came with the rest narrowed the page and moved the centred hero (a CLS of 0.003 on
        Lighthouse's desktop preset in 2 of 8 runs). The page is always taller than the screen, so
        the scrollbar is there anyway once it has loaded; overlay scrollbars (phones, macOS) take no
        room either way.
      */}
      <Global styles={{ html: { overflowY: 'scroll' } }} />
      <SideNav />
      <Box as="section" id="home" aria-labelledby="home-title" scrollMarginTop="80px" py={{ base: '12', md: '20' }} bg="bg.subtle">
        <Container maxW="5xl">
          <Stack direction={{ base: 'column', md: 'row' }} gap={{ base: '8', md: '12' }} align="center">
            <Box flex="1" textAlign={{ base: 'center', md: 'start' }}>
              <Heading as="h1" id="home-title" size={{ base: '4xl', md: '6xl' }}>
                Effortless Shipping Labels
              </Heading>
              <Text mt="4" fontSize="lg" color="fg.muted">
                Buy prepaid USPS domestic labels, print them at home and track every package in one place. Pay with a debit card, Apple Pay or crypto.
              </Text>
              <Box mt="8">
                <StartButton />
              </Box>
            </Box>
            <LabelIllustration flexShrink={0} w={{ base: '56', md: '72' }} maxW="full" aspectRatio="2 / 3" filter="drop-shadow(0 4px 12px rgba(0,0,0,0.12))" />
          </Stack>
          <FeatureCards items={features} mt="10" textAlign="start" />
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
        <RefundPromise />
      </Section>
      {/* SPEC's third section between the counter and the savings comparison; its anchors are the navigation's five, so it has none. */}
      <Section id="why" anchor={false} title="Why PrepaidShip" intro="Everything after the label, in your dashboard.">
        <FeatureCards items={dashboardFeatures} mt="6" />
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
