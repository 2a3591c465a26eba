import { Box, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { paths } from '@/lib/paths';
import { TextLink } from '@/components/text-link';

/**
 * Buying a label with an API key, as a shop's script would: quote, then buy the quoted row with the
 * quote's signed id and an Idempotency-Key (a retried request then answers the first purchase).
 */
export const API_KEY_CURL_EXAMPLE = `export PREPAIDSHIP_KEY=psk_live_...   # from API Keys in your dashboard
ORIGIN=https://prepaidship.com

# 1. Quote: the rows you may buy, and a signed quoteId that holds their prices for a while.
curl -s "$ORIGIN/shipping/rates" \\
  -H "Authorization: Bearer $PREPAIDSHIP_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"weight": 2, "length": 10, "width": 6, "height": 4,
       "from": {"name": "Ann Sender", "street": "1 Main St", "city": "Austin", "state": "TX", "zip": "78701", "country": "US"},
       "to": {"name": "Bo Receiver", "street": "2 Elm St", "city": "New York", "state": "NY", "zip": "10001", "country": "US"}}'

# 2. Buy one row of that quote from the wallet (the key needs the labels scope).
curl -s "$ORIGIN/shipping/create-label" \\
  -H "Authorization: Bearer $PREPAIDSHIP_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-1001" \\
  -d '{"quoteId": "<quoteId from step 1>", "labelType": "usps_priority", "paymentMethod": "credits",
       "weight": 2, "length": 10, "width": 6, "height": 4,
       "from": {"name": "Ann Sender", "street": "1 Main St", "city": "Austin", "state": "TX", "zip": "78701", "country": "US"},
       "to": {"name": "Bo Receiver", "street": "2 Elm St", "city": "New York", "state": "NY", "zip": "10001", "country": "US"}}'`;

/** The reference's opening: how a shop's software signs its requests, with the example above. */
export function ApiKeyExample() {
  return (
    <Box as="section" aria-labelledby="api-key-example" maxW="5xl" mx="auto" px="6" py="6">
      <Stack gap="3">
        <Heading as="h2" id="api-key-example" size="lg">
          Buying a label with an API key
        </Heading>
        <Text>
          Create a key under <TextLink to={paths.user.apiKeys}>API Keys</TextLink> with the scopes it needs (<Code>read</Code>, <Code>labels</Code>,{' '}
          <Code>wallet</Code>) and send it as <Code>Authorization: Bearer psk_…</Code>: no sign-in and no code step. Each operation below that lists the API key
          scheme names the scope it needs; a key never reaches your profile, your keys or the admin routes. Too many requests a minute with one key answer 429
          with <Code>Retry-After</Code>.
        </Text>
        <Box as="pre" data-testid="api-key-curl" bg="gray.50" borderWidth="1px" borderRadius="md" p="4" overflowX="auto" fontSize="sm" tabIndex={0}>
          <code>{API_KEY_CURL_EXAMPLE}</code>
        </Box>
      </Stack>
    </Box>
  );
}
