import { Box, Container, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useApiQuery } from '@/api-client/swr-config';

/** After the counter answers, the figure fades in this much later (SPEC section 2). */
export const COUNTER_FADE_DELAY_MS = 500;

/**
 * Labels created so far: '--' until GET /api/counter answers, and '--' still if it fails (logged
 * only). Never another number: SPEC's fallback of 79389 would be a count nobody made.
 */
export function LabelsCounter() {
  const { data, error } = useApiQuery('GET /api/counter', { revalidateOnFocus: false });
  const count = data ? data.count : undefined;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (error && !data) console.warn('Could not load the labels-created counter', error);
  }, [error, data]);
  const loaded = count !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const timer = setTimeout(() => setShown(true), COUNTER_FADE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loaded]);
  return (
    <Box as="section" aria-labelledby="counter-title" py="8" borderBottomWidth="1px">
      <Container maxW="4xl" textAlign="center">
        <Text
          fontSize={{ base: '4xl', md: '5xl' }}
          fontWeight="bold"
          color="blue.fg"
          data-testid="labels-count"
          opacity={shown || !loaded ? 1 : 0}
          transition="opacity 0.6s ease-in"
        >
          {shown && loaded ? String(count) : '--'}
        </Text>
        <Text id="counter-title" color="fg.muted">
          labels created with PrepaidShip
        </Text>
      </Container>
    </Box>
  );
}
