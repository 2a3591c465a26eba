import { Box, Container, Heading, HStack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useHydrated } from '@/hooks/use-hydrated';
import { countdownParts, prerenderedAt, promoEndsAt } from '../lib/promo';

const units = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/**
 * 'DEPOSIT $10 RECEIVE $5 CREDIT!' with a countdown ticking each second; not rendered once the promo
 * has ended. A prerendered page shows '--' in each box until the browser's clock takes over.
 */
export function PromoCountdown({ endsAt }: { endsAt?: Date }) {
  const [endMs] = useState(() => (endsAt ?? promoEndsAt()).getTime());
  const [now, setNow] = useState(() => Date.now());
  // The prerendered page was made at build time: its clock is not the visitor's.
  const browserClock = useHydrated();
  const parts = countdownParts(endMs, browserClock ? now : prerenderedAt());
  const running = parts !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!parts) return null;
  return (
    <Box as="section" aria-labelledby="promo-title" py="8" bg="blue.solid" color="blue.contrast">
      <Container maxW="4xl" textAlign="center">
        <Heading as="h2" id="promo-title" size={{ base: 'xl', md: '2xl' }}>
          DEPOSIT $10 RECEIVE $5 CREDIT!
        </Heading>
        <HStack role="timer" aria-label="Time left in the promotion" justify="center" gap={{ base: '2', md: '4' }} mt="4">
          {units.map(([key, label]) => (
            <Box key={key} minW={{ base: '16', md: '20' }} py="2" rounded="l2" bg="blackAlpha.300">
              <Text fontSize={{ base: '2xl', md: '3xl' }} fontWeight="bold" data-unit={key}>
                {browserClock ? String(parts[key]).padStart(2, '0') : '--'}
              </Text>
              <Text fontSize="xs" textTransform="uppercase">
                {label}
              </Text>
            </Box>
          ))}
        </HStack>
      </Container>
    </Box>
  );
}
